/**
 * What saving an object does beyond its own row, per resource, as PrestaShop 8.2.0 does it (the
 * same in 1.7.8.10 and 9.0.0 unless noted):
 *
 * - products: `Product::add()` → `StockAvailable::setProductOutOfStock()` creates the product's
 *   stock_availables row (classes/Product.php);
 * - combinations: `Combination::add()` creates its stock_availables row (classes/Combination.php
 *   228-247), `Combination::delete()` removes it (137-151); both checked on a real 8.2.0 store
 *   (quantity 0, out_of_stock 2, id_shop 1, id_shop_group 0);
 * - orders POST: `Order::addWs()` (classes/order/Order.php 1756-1775) runs
 *   `PaymentModule::validateOrder($id_cart, PS_OS_WS_PAYMENT, $total_paid, …)`
 *   (classes/PaymentModule.php): the order is built from the cart, its reference is
 *   `Order::generateReference()` (9 upper-case letters), its state is PS_OS_ERROR (8) when the
 *   amount paid differs from the cart's total (330-333), else PS_OS_WS_PAYMENT (11), and an
 *   order_histories row records it (572-575). The answer renders the object posted, with the new
 *   id: not the order stored (issue 21, item 5);
 * - customers: an email already used is refused (see `uniqueEmail`);
 * - orders PUT/PATCH of `current_state`: `Order::setWsCurrentState()` → `setCurrentState()` (Order.php
 *   1733-1754) adds a history row when the state changes (the same state: nothing);
 * - order_histories POST: `OrderHistory::addWs()` (OrderHistory.php 600-618) →
 *   `changeIdOrderState()`, which sets the order's `current_state`.
 */
import type { CrudEngine } from './engine.js';
import type { CrudResource } from './model.js';
import { WsError, type StoredItem } from './query.js';
import { formatDate } from './save.js';

/** PS_OS_WS_PAYMENT and PS_OS_ERROR of the install data (install/data/xml/configuration.xml). */
const PS_OS_WS_PAYMENT = '11';
const PS_OS_ERROR = '8';

/**
 * Runs before the row is stored. Returns null to store `target` as usual, or the object to render
 * when the resource's `add` override stored something else (orders).
 */
export function beforeSave(
  engine: CrudEngine,
  def: CrudResource,
  target: StoredItem,
  existing: StoredItem | undefined,
): StoredItem | null {
  if (def.name === 'orders' && existing === undefined) return validateOrder(engine, target);
  if (def.name === 'customers') uniqueEmail(engine, target, existing);
  return null;
}

/**
 * `Customer::addWs()` / `updateWs()` (8.2.0 classes/Customer.php 288-305, 357-376): an email that a
 * customer (not a guest) already has is refused with 500/140 (500/141 on an update by another
 * customer), and saveEntityFromXml adds 500/46 "Unable to save resource" when the method fails.
 */
function uniqueEmail(engine: CrudEngine, target: StoredItem, existing: StoredItem | undefined): void {
  const email = target.values.get('email') ?? '';
  const owner = [...engine.stored('customers').values()].find(
    (c) => c.values.get('email') === email && c.values.get('is_guest') !== '1',
  );
  if (owner === undefined || (existing !== undefined && owner.id === existing.id)) return;
  throw new WsError(500, existing === undefined ? 140 : 141, 'The email is already used, please choose another one', [
    { code: 46, message: 'Unable to save resource' },
  ]);
}

/** Runs after the row and its associations are stored. */
export function afterSave(
  engine: CrudEngine,
  def: CrudResource,
  item: StoredItem,
  existing: StoredItem | undefined,
): void {
  if (existing === undefined && def.name === 'products') {
    const stock = addStock(engine, String(item.id), '0');
    if (stock !== null)
      item.associations.set('stock_availables', [{ id: String(stock.id), id_product_attribute: '0' }]);
  }
  if (existing === undefined && def.name === 'combinations') {
    const product = item.values.get('id_product') ?? '0';
    const stock = addStock(engine, product, String(item.id));
    const parent = engine.get('products', Number(product));
    if (stock !== null && parent !== undefined)
      parent.associations
        .get('stock_availables')
        ?.push({ id: String(stock.id), id_product_attribute: String(item.id) });
  }
  if (def.name === 'orders' && existing !== undefined) {
    const state = item.values.get('current_state') ?? '';
    if (state !== '' && state !== '0' && state !== existing.values.get('current_state'))
      addHistory(engine, item.id, state);
  }
  if (def.name === 'order_histories' && existing === undefined) {
    const order = engine.get('orders', Number(item.values.get('id_order') ?? '0'));
    if (order !== undefined) order.values.set('current_state', item.values.get('id_order_state') ?? '0');
  }
}

/** Runs after a DELETE of one row. */
export function afterDelete(engine: CrudEngine, resource: string, item: StoredItem): void {
  if (resource === 'products') {
    // Product::delete() (8.2.0 classes/Product.php 1290-1360): stock rows, combinations
    // (deleteProductAttributes), images, specific prices, cart rows (deleteCartProducts) and the
    // accessories lists of other products (deleteFromAccessories) go with the product.
    const id = String(item.id);
    engine.images.delete(item.id);
    removeStock(engine, (s) => s.values.get('id_product') === id);
    for (const name of ['combinations', 'specific_prices']) {
      for (const row of [...engine.stored(name).values()])
        if (row.values.get('id_product') === id) engine.deleteRaw(name, row.id);
    }
    for (const cart of engine.stored('carts').values()) {
      const rows = cart.associations.get('cart_rows');
      if (rows !== undefined)
        cart.associations.set(
          'cart_rows',
          rows.filter((r) => r['id_product'] !== id),
        );
    }
    for (const other of engine.stored('products').values()) {
      const accessories = other.associations.get('accessories');
      if (accessories !== undefined)
        other.associations.set(
          'accessories',
          accessories.filter((a) => a['id'] !== id),
        );
    }
  }
  if (resource === 'combinations') {
    removeStock(engine, (s) => s.values.get('id_product_attribute') === String(item.id));
    // Product::getWsStockAvailables reads the rows: the product no longer lists the combination's.
    const parent = engine.get('products', Number(item.values.get('id_product') ?? '0'));
    const listed = parent?.associations.get('stock_availables');
    if (listed !== undefined)
      parent!.associations.set(
        'stock_availables',
        listed.filter((e) => e['id_product_attribute'] !== String(item.id)),
      );
  }
}

function addStock(engine: CrudEngine, product: string, combination: string): StoredItem | null {
  if (engine.resource('stock_availables') === undefined) return null;
  return engine.insertRaw('stock_availables', {
    id_product: product,
    id_product_attribute: combination,
    id_shop: '1',
    id_shop_group: '0',
    quantity: '0',
    depends_on_stock: '0',
    out_of_stock: '2',
  });
}

function removeStock(engine: CrudEngine, match: (s: StoredItem) => boolean): void {
  for (const s of [...engine.stored('stock_availables').values()])
    if (match(s)) engine.deleteRaw('stock_availables', s.id);
}

function addHistory(engine: CrudEngine, order: number, state: string): void {
  if (engine.resource('order_histories') === undefined) return;
  engine.insertRaw('order_histories', { id_order: String(order), id_order_state: state, id_employee: '0' });
}

/** `PaymentModule::validateOrder` for `Order::addWs`: the order stored is the cart's. */
function validateOrder(engine: CrudEngine, posted: StoredItem): StoredItem {
  const cartId = Number(posted.values.get('id_cart') ?? '0');
  const cart = engine.get('carts', cartId);
  const ordered = [...engine.stored('orders').values()].some((o) => o.values.get('id_cart') === String(cartId));
  // `die(Tools::displayError(…))` (PaymentModule.php 251-255). Not checked on a real store: the fake
  // store answers 500 with the message (a real one stops PHP with it).
  if (cart === undefined || ordered)
    throw new WsError(500, null, 'Cart cannot be loaded or an order has already been placed using this cart');
  const rows = cart.associations.get('cart_rows') ?? [];
  // Cart::getOrderTotal(true, Cart::BOTH), without taxes, shipping or rules: the products' prices.
  let total = 0;
  const orderRows: Record<string, string>[] = [];
  for (const row of rows) {
    const product = engine.get('products', Number(row['id_product'] ?? '0'));
    const combination = engine.get('combinations', Number(row['id_product_attribute'] ?? '0'));
    const price = Number(product?.values.get('price') ?? '0') + Number(combination?.values.get('price') ?? '0');
    const quantity = Number(row['quantity'] ?? '0');
    total += price * quantity;
    orderRows.push({
      product_id: row['id_product'] ?? '0',
      product_attribute_id: row['id_product_attribute'] ?? '0',
      product_quantity: String(quantity),
      product_name: product?.langs.get('name')?.get(engine.languages[0]!) ?? '',
      product_reference: product?.values.get('reference') ?? '',
      product_price: price.toFixed(6),
      unit_price_tax_incl: price.toFixed(6),
      unit_price_tax_excl: price.toFixed(6),
    });
  }
  const paid = Number(posted.values.get('total_paid') ?? '0');
  const state = total.toFixed(2) !== paid.toFixed(2) ? PS_OS_ERROR : PS_OS_WS_PAYMENT;
  const customer = engine.get('customers', Number(cart.values.get('id_customer') ?? '0'));
  const fromCart = [
    'id_customer',
    'id_address_delivery',
    'id_address_invoice',
    'id_currency',
    'id_lang',
    'id_carrier',
    'id_shop',
    'id_shop_group',
  ];
  const totals = ['total_paid', 'total_paid_tax_incl', 'total_paid_tax_excl', 'total_products', 'total_products_wt'];
  const order = engine.insertRaw('orders', {
    ...Object.fromEntries(fromCart.map((k) => [k, cart.values.get(k) ?? '0'])),
    id_cart: String(cartId),
    secure_key: customer?.values.get('secure_key') ?? cart.values.get('secure_key') ?? '',
    payment: posted.values.get('payment') ?? '',
    module: posted.values.get('module') ?? '',
    reference: reference(engine.stored('orders').size),
    current_state: state,
    valid: state === PS_OS_WS_PAYMENT ? '1' : '0',
    conversion_rate: '1.000000',
    ...Object.fromEntries(totals.map((k) => [k, total.toFixed(6)])),
    // PaymentModule.php 1012: `$order->total_paid_real = 0`.
    total_paid_real: '0.000000',
  });
  if (order.associations.has('order_rows'))
    order.associations.set(
      'order_rows',
      orderRows.map((r, i) => ({ id: String(i + 1), ...r })),
    );
  addHistory(engine, order.id, state);
  const answer = { ...posted, id: order.id };
  answer.values = new Map(posted.values);
  answer.values.set('date_add', order.values.get('date_add') ?? formatDate(engine.clock()));
  return answer;
}

/** `strtoupper(Tools::passwdGen(9, 'NO_NUMERIC'))`, deterministic here. */
function reference(n: number): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let out = '';
  let x = (n + 1) * 7919;
  for (let i = 0; i < 9; i++) {
    out += letters[x % 26];
    x = Math.floor(x / 26) + (i + 3) * 31;
  }
  return out;
}
