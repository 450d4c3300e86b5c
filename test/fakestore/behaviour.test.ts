/**
 * PrestaShop's write behaviour in the engine, over HTTP, each as the release's PHP (or a real
 * 8.2.0 store, rows before and after) does it: allow_null columns, combination images lost to
 * `product_option_values`, stock rows per combination, orders built from carts, order state
 * changes, attachment deletes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchema, SNAPSHOTS, startEngine, type EngineStore } from './helpers.js';

let s: EngineStore;
beforeAll(async () => {
  s = await startEngine(loadSchema(SNAPSHOTS[0]!.path), '8.x');
});
afterAll(() => s.close());

const NAME = '<name><language id="1">Mug</language><language id="2">Tasse</language></name>';
const product = (id: number, extra: string): string =>
  `<prestashop><product><id>${id}</id><price>1</price>${NAME}${extra}</product></prestashop>`;

describe('allow_null columns (seen on a real 8.2.0 store: omitted → NULL, empty → 0)', () => {
  it('left out of a PUT a low_stock_threshold is NULL (read empty); sent empty it is 0', async () => {
    s.engine.get('products', 2)!.values.set('low_stock_threshold', '5');
    expect((await s.call('PUT', 'products/2', { body: product(2, '') })).status).toBe(200);
    expect(s.engine.get('products', 2)!.values.get('low_stock_threshold')).toBe('');
    const read = await s.call('GET', 'products/2');
    expect(read.text).toContain('<low_stock_threshold><![CDATA[]]></low_stock_threshold>');
    expect(
      (await s.call('PUT', 'products/2', { body: product(2, '<low_stock_threshold></low_stock_threshold>') })).status,
    ).toBe(200);
    expect(s.engine.get('products', 2)!.values.get('low_stock_threshold')).toBe('0');
  });

  it('a column without allow_null left out of a PUT is 0 (formatValue casts null)', async () => {
    expect((await s.call('PUT', 'products/2', { body: product(2, '') })).status).toBe(200);
    expect(s.engine.get('products', 2)!.values.get('minimal_quantity')).toBe('0');
  });
});

describe('ENUM columns without allowed values (8.2.0 db_structure.sql; seen on a real 8.2.0 store)', () => {
  it("a redirect_type outside the column's list is answered as sent and stored as ''", async () => {
    const res = await s.call('PATCH', 'products/3', {
      body: '<prestashop><product><id>3</id><redirect_type>bogus</redirect_type></product></prestashop>',
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain('<redirect_type><![CDATA[bogus]]></redirect_type>');
    expect(s.engine.get('products', 3)!.values.get('redirect_type')).toBe('');
    await s.call('PATCH', 'products/3', {
      body: '<prestashop><product><id>3</id><redirect_type>301-category</redirect_type></product></prestashop>',
    });
    expect(s.engine.get('products', 3)!.values.get('redirect_type')).toBe('301-category');
  });

  it('reduction_type and management_type are checked by their validators (85)', async () => {
    const res = await s.call('PATCH', 'specific_prices/1', {
      body: '<prestashop><specific_price><id>1</id><reduction_type>half</reduction_type></specific_price></prestashop>',
      format: 'JSON',
    });
    expect([res.status, res.text]).toEqual([
      400,
      '{"errors":[{"code":85,"message":"Validation error: \\"Property SpecificPrice-&gt;reduction_type is not valid\\""}]}',
    ]);
  });
});

describe('customers (Customer::addWs / updateWs)', () => {
  it('an email another customer has is 500/140 on POST, 500/141 on PUT, each followed by 46', async () => {
    const email = s.engine.get('customers', 1)!.values.get('email')!;
    const body = (id: string, mail: string): string =>
      `<prestashop><customer>${id}<lastname>Doe</lastname><firstname>Jane</firstname><email>${mail}</email><passwd>secret123</passwd></customer></prestashop>`;
    const post = await s.call('POST', 'customers', { body: body('', email), format: 'JSON' });
    expect([post.status, post.text]).toEqual([
      500,
      '{"errors":[{"code":140,"message":"The email is already used, please choose another one"},{"code":46,"message":"Unable to save resource"}]}',
    ]);
    const put = await s.call('PATCH', 'customers/2', {
      body: `<prestashop><customer><id>2</id><email>${email}</email></customer></prestashop>`,
      format: 'JSON',
    });
    expect([put.status, JSON.parse(put.text).errors[0].code]).toEqual([500, 141]);
    // The customer's own email, unchanged: saved.
    expect(
      (
        await s.call('PATCH', 'customers/1', {
          body: `<prestashop><customer><id>1</id><email>${email}</email></customer></prestashop>`,
        })
      ).status,
    ).toBe(200);
  });
});

describe('combinations', () => {
  const combination = (id: number, assoc: string): string =>
    `<prestashop><combination><id>${id}</id><id_product>1</id_product><minimal_quantity>1</minimal_quantity><associations>${assoc}</associations></combination></prestashop>`;
  const POV = '<product_option_values><product_option_value><id>1</id></product_option_value></product_option_values>';
  const IMAGES = '<images><image><id>7</id></image></images>';

  it('product_option_values deletes the image links (setWsProductOptionValues → deleteAssociations); images after it are kept', async () => {
    s.engine.get('combinations', 1)!.associations.set('images', [{ id: '7' }]);
    expect((await s.call('PATCH', 'combinations/1', { body: combination(1, POV) })).status).toBe(200);
    expect(s.engine.get('combinations', 1)!.associations.get('images')).toEqual([]);
    // Association order matters: the setters run in body order.
    expect((await s.call('PATCH', 'combinations/1', { body: combination(1, POV + IMAGES) })).status).toBe(200);
    expect(s.engine.get('combinations', 1)!.associations.get('images')).toEqual([{ id: '7' }]);
    expect((await s.call('PATCH', 'combinations/1', { body: combination(1, IMAGES + POV) })).status).toBe(200);
    expect(s.engine.get('combinations', 1)!.associations.get('images')).toEqual([]);
  });

  it('a new combination gets its stock_availables row, and loses it when deleted', async () => {
    const created = await s.call('POST', 'combinations', {
      body: '<prestashop><combination><id_product>2</id_product><minimal_quantity>1</minimal_quantity></combination></prestashop>',
    });
    expect(created.status).toBe(201);
    const id = Number(/<id><!\[CDATA\[(\d+)\]\]><\/id>/.exec(created.text)![1]);
    const rows = () => s.engine.records('stock_availables').filter((r) => r['id_product_attribute'] === String(id));
    expect(rows()).toMatchObject([
      {
        id_product: '2',
        id_product_attribute: String(id),
        id_shop: '1',
        id_shop_group: '0',
        quantity: '0',
        out_of_stock: '2',
      },
    ]);
    expect(s.engine.get('products', 2)!.associations.get('stock_availables')).toContainEqual({
      id: String(rows()[0]!.id),
      id_product_attribute: String(id),
    });
    expect((await s.call('DELETE', `combinations/${id}`)).status).toBe(200);
    expect(rows()).toEqual([]);
    expect(
      s.engine
        .get('products', 2)!
        .associations.get('stock_availables')!
        .map((e) => e['id_product_attribute']),
    ).not.toContain(String(id));
  });
});

describe('products (Product::delete)', () => {
  it('a deleted product takes its combinations, stock rows, specific prices, cart rows and accessory links with it', async () => {
    const id = s.engine.insert('products', { price: '2', name: 'Gone', link_rewrite: 'gone' });
    const combination = s.engine.insert('combinations', { id_product: String(id), minimal_quantity: '1' });
    s.engine.insert('stock_availables', { id_product: String(id), id_product_attribute: '0', id_shop: '1' });
    const price = s.engine.insert('specific_prices', { id_product: String(id), reduction_type: 'amount' });
    const cart = s.engine.insert('carts', {
      id_currency: '1',
      id_lang: '1',
      associations: {
        cart_rows: [
          { id_product: String(id), quantity: '1' },
          { id_product: '1', quantity: '1' },
        ],
      },
    });
    s.engine.get('products', 1)!.associations.set('accessories', [{ id: String(id) }, { id: '2' }]);
    expect((await s.call('DELETE', `products/${id}`)).status).toBe(200);
    expect([s.engine.get('combinations', combination), s.engine.get('specific_prices', price)]).toEqual([
      undefined,
      undefined,
    ]);
    expect(s.engine.records('stock_availables').filter((r) => r['id_product'] === String(id))).toEqual([]);
    expect(s.engine.get('carts', cart)!.associations.get('cart_rows')).toEqual([{ id_product: '1', quantity: '1' }]);
    expect(s.engine.get('products', 1)!.associations.get('accessories')).toEqual([{ id: '2' }]);
  });
});

describe('orders (Order::addWs → PaymentModule::validateOrder)', () => {
  const cart = (): number =>
    s.engine.insert('carts', {
      id_customer: '1',
      id_address_delivery: '1',
      id_address_invoice: '1',
      id_currency: '1',
      id_lang: '1',
      id_carrier: '1',
      id_shop: '1',
      id_shop_group: '1',
      associations: {
        cart_rows: [
          {
            id_product: '1',
            id_product_attribute: '0',
            id_address_delivery: '1',
            id_customization: '0',
            quantity: '2',
          },
        ],
      },
    });
  const order = (cartId: number, paid: string): string =>
    `<prestashop><order><id_address_delivery>1</id_address_delivery><id_address_invoice>1</id_address_invoice><id_cart>${cartId}</id_cart><id_currency>1</id_currency><id_lang>1</id_lang><id_customer>1</id_customer><id_carrier>1</id_carrier><module>ps_checkpayment</module><payment>Check</payment><total_paid>${paid}</total_paid><total_paid_real>${paid}</total_paid_real><total_products>${paid}</total_products><total_products_wt>${paid}</total_products_wt><conversion_rate>1</conversion_rate></order></prestashop>`;
  const cartTotal = (): string => (Number(s.engine.get('products', 1)!.values.get('price')) * 2).toFixed(2);

  it('a total_paid that differs from the cart total gives state 8 "Payment error"; the answer is the object posted', async () => {
    const id = cart();
    const res = await s.call('POST', 'orders', { body: order(id, '1.00'), format: 'JSON' });
    expect(res.status).toBe(201);
    const answered = JSON.parse(res.text) as { order: Record<string, unknown> };
    const stored = s.engine.get('orders', answered.order['id'] as number)!;
    expect(stored.values.get('current_state')).toBe('8');
    expect(stored.values.get('reference')).toMatch(/^[A-Z]{9}$/);
    expect(stored.values.get('id_cart')).toBe(String(id));
    // The answer renders the object posted (no state, no reference), not the order stored.
    expect(answered.order['current_state']).toBeUndefined();
    expect(answered.order['reference']).toBeUndefined();
    const history = s.engine.records('order_histories').filter((h) => h['id_order'] === String(stored.id));
    expect(history).toMatchObject([{ id_order_state: '8', id_employee: '0' }]);
  });

  it('the cart total paid gives PS_OS_WS_PAYMENT (11); a cart already ordered is refused', async () => {
    const id = cart();
    const res = await s.call('POST', 'orders', { body: order(id, cartTotal()) });
    expect(res.status).toBe(201);
    const orderId = Number(/<id><!\[CDATA\[(\d+)\]\]><\/id>/.exec(res.text)![1]);
    expect(s.engine.get('orders', orderId)!.values.get('current_state')).toBe('11');
    const again = await s.call('POST', 'orders', { body: order(id, cartTotal()), format: 'JSON' });
    expect([again.status, again.text]).toEqual([
      500,
      '{"errors":[{"code":null,"message":"Cart cannot be loaded or an order has already been placed using this cart"}]}',
    ]);
  });

  it("order_histories POST sets the order's current_state; a PUT of current_state adds a history row", async () => {
    const post = await s.call('POST', 'order_histories', {
      body: '<prestashop><order_history><id_order>1</id_order><id_order_state>4</id_order_state></order_history></prestashop>',
    });
    expect(post.status).toBe(201);
    expect(s.engine.get('orders', 1)!.values.get('current_state')).toBe('4');
    const rows = () => s.engine.records('order_histories').filter((h) => h['id_order'] === '1').length;
    const before = rows();
    expect(
      (
        await s.call('PATCH', 'orders/1', {
          body: '<prestashop><order><id>1</id><current_state>5</current_state></order></prestashop>',
        })
      ).status,
    ).toBe(200);
    expect(rows()).toBe(before + 1);
    // The same state again: setCurrentState returns early, no row.
    expect(
      (
        await s.call('PATCH', 'orders/1', {
          body: '<prestashop><order><id>1</id><current_state>5</current_state></order></prestashop>',
        })
      ).status,
    ).toBe(200);
    expect(rows()).toBe(before + 1);
  });
});

describe('attachments (WebserviceSpecificManagementAttachments, checked on a real 8.2.0 store)', () => {
  it('DELETE attachments/file/{id} deletes nothing; DELETE attachments/{id} deletes the row and the file', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'text/plain' }), 'a.txt');
    form.append('name', 'Doc');
    const up = await fetch(`${s.store.url}/api/attachments/file`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Basic ${Buffer.from('FAKESTORE0DEMO0KEY00000000000001:').toString('base64')}` },
    });
    expect(up.status).toBe(200);
    const id = Number(/<id><!\[CDATA\[(\d+)\]\]><\/id>/.exec(await up.text())![1]);
    const file = s.engine.get('attachments', id)!.values.get('file')!;
    expect((await s.call('DELETE', `attachments/file/${id}`)).status).toBe(200);
    expect([s.engine.get('attachments', id) !== undefined, s.engine.attachmentFiles.has(file)]).toEqual([true, true]);
    expect((await s.call('DELETE', `attachments/${id}`)).status).toBe(200);
    expect([s.engine.get('attachments', id) !== undefined, s.engine.attachmentFiles.has(file)]).toEqual([false, false]);
  });

  it('a plain POST attachments saves nothing and answers an empty document', async () => {
    const before = s.engine.records('attachments').length;
    const res = await s.call('POST', 'attachments', {
      body: '<prestashop><attachment><file>x</file><name><language id="1">x</language></name></attachment></prestashop>',
      format: 'JSON',
    });
    expect([res.status, res.text]).toEqual([200, '[]']);
    expect(s.engine.records('attachments')).toHaveLength(before);
  });
});

describe("a category's children (Category::getChildrenWs, 8.2.0: active children by position)", () => {
  const category = (parent: number, name: string, extra = ''): string =>
    `<prestashop><category><id_parent>${parent}</id_parent><active>1</active>${extra}<name><language id="1">${name}</language><language id="2">${name}</language></name><link_rewrite><language id="1">x</language><language id="2">x</language></link_rewrite></category></prestashop>`;
  const ids = (json: string): unknown => JSON.parse(json).category.associations?.categories;

  it('lists the active children in associations.categories, read from the rows, and ignores them on write', async () => {
    expect(ids((await s.call('GET', 'categories/1', { format: 'JSON' })).text)).toEqual([{ id: '2' }]);
    const parent = /<id><!\[CDATA\[(\d+)\]\]><\/id>/.exec(
      (await s.call('POST', 'categories', { body: category(2, 'Parent') })).text,
    )![1]!;
    const idOf = async (body: string): Promise<string> =>
      /<id><!\[CDATA\[(\d+)\]\]><\/id>/.exec((await s.call('POST', 'categories', { body })).text)![1]!;
    const a = await idOf(category(Number(parent), 'A', '<position>2</position>'));
    const b = await idOf(category(Number(parent), 'B', '<position>1</position>'));
    await idOf(category(Number(parent), 'Off').replace('<active>1</active>', '<active>0</active>'));
    expect(ids((await s.call('GET', `categories/${parent}`, { format: 'JSON' })).text)).toEqual([{ id: b }, { id: a }]);
    const xml = (await s.call('GET', `categories?display=full&filter[id]=${parent}`)).text;
    expect(xml).toContain(
      `<categories nodeType="category" api="categories">\n\t<category xlink:href="${s.store.url}/api/categories/${b}">`,
    );
    // A write-back of the children changes nothing stored (no setWsCategories).
    expect(s.engine.get('categories', Number(parent))!.associations.get('categories')).toEqual([]);
    for (const id of [a, b, parent]) await s.call('DELETE', `categories/${id}`);
  });
});
