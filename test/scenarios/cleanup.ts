/**
 * What a scenario created, deleted afterwards in reverse order (in `afterAll`, so also after a
 * failure). Only records registered here are ever deleted: the suite never touches a record it
 * did not create. An order takes the rows the store added with it (its details, history, carrier
 * and invoice rows, found by `id_order`, and its payment, found by its reference), which a real
 * store does not delete with the order.
 */
type Raw = (method: string, path: string, body?: string) => Promise<{ status: number; text: string }>;

/** Rows a real store adds when it creates an order (`PaymentModule::validateOrder`). */
const ORDER_ROWS = ['order_histories', 'order_details', 'order_carriers', 'order_invoices'];

export class Cleanup {
  private readonly created: { resource: string; id: number }[] = [];

  constructor(private readonly raw: Raw) {}

  /** Registers a record this run created; returns its id. */
  add(resource: string, id: number): number {
    this.created.push({ resource, id });
    return id;
  }

  /** Forgets a record the scenario deleted itself. */
  forget(resource: string, id: number): void {
    const i = this.created.findIndex((c) => c.resource === resource && c.id === id);
    if (i >= 0) this.created.splice(i, 1);
  }

  /** Deletes every registered record, newest first; throws listing those that remain. */
  async run(): Promise<void> {
    const left: string[] = [];
    for (const { resource, id } of this.created.reverse()) {
      if (resource === 'orders') await this.orderRows(id, left);
      const res = await this.raw('DELETE', `${resource}/${id}`);
      if (res.status !== 200 && res.status !== 404) left.push(`${resource} ${id} (${res.status})`);
    }
    this.created.length = 0;
    if (left.length > 0) throw new Error(`scenario cleanup: could not delete ${left.join(', ')}`);
  }

  private async orderRows(order: number, left: string[]): Promise<void> {
    const read = await this.raw('GET', `orders?filter[id]=[${order}]&display=[reference]&output_format=JSON`);
    const reference = read.status === 200 ? (this.rows(read.text, 'orders')[0]?.reference ?? '') : '';
    const queries = ORDER_ROWS.map((resource) => [resource, `filter[id_order]=[${order}]`]);
    if (/^[A-Z]+$/.test(reference)) queries.push(['order_payments', `filter[order_reference]=[${reference}]`]);
    for (const [resource, filter] of queries) {
      const list = await this.raw('GET', `${resource}?${filter}&output_format=JSON`);
      if (list.status !== 200) continue;
      for (const { id } of this.rows(list.text, resource!)) {
        const res = await this.raw('DELETE', `${resource}/${id}`);
        if (res.status !== 200 && res.status !== 404) left.push(`${resource} ${id} (${res.status})`);
      }
    }
  }

  /** The rows of a JSON listing (`[]` when empty). */
  private rows(text: string, resource: string): { id: number; reference?: string }[] {
    const parsed = JSON.parse(text) as Record<string, { id: number; reference?: string }[]> | [];
    return Array.isArray(parsed) ? [] : (parsed[resource] ?? []);
  }
}
