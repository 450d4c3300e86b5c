/**
 * The specific-management resources of the CRUD fake store: product images (multipart upload in
 * the field `image`, listing, download, replacement with `ps_method=PUT`, deletion) and search
 * (`query` + `language`, both mandatory: 400/100).
 */
import type { CrudAnswer, CrudEngine, CrudRequest } from './engine.js';
import { parseDisplay, WsError } from './query.js';
import { jsonList, phpJson, xmlList } from './render.js';
import { cdata, XML_HEAD, XML_TAIL } from '../wire.js';

export interface ImageRecord {
  readonly id: number;
  bytes: Uint8Array;
  type: string;
}

const MIME_TYPES = ['image/gif', 'image/jpg', 'image/jpeg', 'image/pjpeg', 'image/png', 'image/webp', 'image/x-png'];

export function handleImages(engine: CrudEngine, req: CrudRequest): CrudAnswer {
  const [, type, productSeg, imageSeg, size] = req.segments;
  const method = req.method.toUpperCase();
  if (type !== 'products') throw new WsError(400, 48, `Image of type "${type ?? ''}" does not exist`);
  if (productSeg === undefined || productSeg === '') {
    if (method !== 'GET') throw new WsError(405, 55, 'This method is not allowed for listing category images.');
    const ids = [...engine.images.entries()]
      .filter(([, list]) => list.length > 0)
      .map(([id]) => id)
      .sort((a, b) => a - b);
    const items = ids.map((id) => `<image id="${id}" xlink:href="${req.wsUrl}images/products/${id}"/>\n`).join('');
    return xml(200, `${XML_HEAD}<image_types>\n</image_types>\n<images>\n${items}</images>\n${XML_TAIL}`);
  }
  if (!/^\d+$/.test(productSeg))
    throw new WsError(400, 60, 'The image id is invalid. Please set a valid id or the "default" value');
  const productId = Number(productSeg);
  const list = engine.images.get(productId) ?? [];
  // ps_method=PUT on a POST: PHP only fills $_FILES for POST requests.
  if (method === 'POST' && (imageSeg === undefined || imageSeg === '')) return upload(engine, req, productId, list);
  if (imageSeg === undefined || imageSeg === '') {
    if (list.length === 0) return { status: 404, contentType: '', body: '' };
    const items = list
      .map((i) => `<declination id="${i.id}" xlink:href="${req.wsUrl}images/products/${productId}/${i.id}"/>\n`)
      .join('');
    return xml(200, `${XML_HEAD}<image id="${productId}">\n${items}</image>\n${XML_TAIL}`);
  }
  const image = list.find((i) => String(i.id) === imageSeg);
  if (image === undefined) throw new WsError(400, 57, 'This image id does not exist');
  if (method === 'DELETE') {
    engine.images.set(
      productId,
      list.filter((i) => i !== image),
    );
    return { status: 200, contentType: '', body: '' };
  }
  if (method === 'PUT') {
    const file = readUpload(req);
    image.bytes = file.bytes;
    image.type = file.type;
    return { status: 200, contentType: image.type, body: image.bytes };
  }
  if (size !== undefined && size !== '' && !/^[a-z_]+_default$/.test(size))
    throw new WsError(400, 58, 'This image size does not exist');
  return { status: 200, contentType: image.type, body: image.bytes };
}

function upload(engine: CrudEngine, req: CrudRequest, productId: number, list: ImageRecord[]): CrudAnswer {
  if (engine.get('products', productId) === undefined)
    throw new WsError(400, 76, `Product ${productId} does not exist`);
  const file = readUpload(req);
  const image: ImageRecord = { id: engine.newImageId(), bytes: file.bytes, type: file.type };
  engine.images.set(productId, [...list, image]);
  const product = engine.get('products', productId)!;
  if (list.length === 0 && product.values.has('id_default_image'))
    product.values.set('id_default_image', String(image.id));
  const images = product.associations.get('images');
  if (images !== undefined) images.push({ id: String(image.id) });
  const body =
    `${XML_HEAD}<image>\n\t<id>${cdata(String(image.id))}</id>\n\t<id_product>${cdata(String(productId))}</id_product>\n` +
    `\t<position>${cdata(String(list.length + 1))}</position>\n\t<cover>${cdata(list.length === 0 ? '1' : '0')}</cover>\n</image>\n` +
    `<content encode="base64">${cdata(Buffer.from(image.bytes).toString('base64'))}</content>\n${XML_TAIL}`;
  return xml(200, body);
}

/** The `image` part of a multipart body (already split by the server into `rawBody`). */
function readUpload(req: CrudRequest): { bytes: Uint8Array; type: string } {
  const parts = req.multipart;
  const file = parts?.get('image');
  if (file === undefined) throw new WsError(400, 76, 'Please set an "image" parameter with image data for value');
  if (!MIME_TYPES.includes(file.type)) {
    throw new WsError(
      400,
      73,
      `This type of image format is not recognized, allowed formats are: ${MIME_TYPES.join('", "')}`,
    );
  }
  return file;
}

function xml(status: number, body: string): CrudAnswer {
  return { status, contentType: 'text/xml', body };
}

export function handleSearch(engine: CrudEngine, req: CrudRequest): CrudAnswer {
  if (req.method.toUpperCase() !== 'GET' && req.method.toUpperCase() !== 'HEAD') {
    throw new WsError(405, 101, `Method ${req.method.toUpperCase()} is not allowed for the resource search`);
  }
  const query = req.query.get('query');
  const language = req.query.get('language');
  if (query === null || language === null)
    throw new WsError(400, 100, "You have to set both the 'language' and 'query' parameters to get a result");
  const products = engine.resource('products')!;
  const categories = engine.resource('categories');
  const ctx = engine.renderContext(req);
  const lang = ctx.languages[0]!;
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  const found = [...engine.stored('products').values()].filter((p) => {
    const name = (p.langs.get('name')?.get(lang) ?? '').toLowerCase();
    return words.length > 0 && words.every((w) => name.includes(w));
  });
  const categoryIds = [
    ...new Set(found.flatMap((p) => (p.associations.get('categories') ?? []).map((c) => Number(c['id'])))),
  ];
  const foundCategories =
    categories === undefined
      ? []
      : categoryIds.map((id) => engine.get('categories', id)).filter((c) => c !== undefined);
  const display = parseDisplay(products, req.query.get('display'), 'minimum');
  if (req.format === 'JSON') {
    const p = JSON.parse(jsonList(products, found, display, ctx)) as unknown;
    const c =
      categories === undefined ? [] : (JSON.parse(jsonList(categories, foundCategories, display, ctx)) as unknown);
    const body = { ...(Array.isArray(p) ? {} : (p as object)), ...(Array.isArray(c) ? {} : (c as object)) };
    return {
      status: 200,
      contentType: 'application/json',
      body: Object.keys(body).length === 0 ? '[]' : phpJson(body),
    };
  }
  const strip = (doc: string): string => doc.slice(XML_HEAD.length, -XML_TAIL.length);
  const body =
    strip(xmlList(products, found, display, ctx)) +
    (categories === undefined ? '' : strip(xmlList(categories, foundCategories, display, ctx)));
  return xml(200, `${XML_HEAD}${body}${XML_TAIL}`);
}

/**
 * The shop parameters, checked before the resource (8.2.0 WebserviceRequest::fetch 645:
 * `groupShopExists` → `shopExists` → `shopHasRight`): `id_shop_group` (alias `id_group_shop`)
 * selects the group's shops, 500/999 when it has none; `id_shop` is a number or `all`, anything
 * else 404/999; the key must be linked to one of the shops selected (403/132). The fake store's
 * key is linked to every shop of the store (shop 1 when `shops` is not served).
 */
export function checkShopParams(engine: CrudEngine, query: URLSearchParams): void {
  const shops =
    engine.resource('shops') === undefined
      ? [{ id: 1, group: '1' }]
      : [...engine.stored('shops').values()].map((s) => ({ id: s.id, group: s.values.get('id_shop_group') ?? '1' }));
  const groupParam = [query.get('id_shop_group'), query.get('id_group_shop')].find(
    (g) => g !== null && /^\d+(\.\d+)?$/.test(g),
  );
  let selected: number[] | null = null;
  if (groupParam !== undefined && groupParam !== null) {
    selected = shops.filter((s) => Number(s.group) === Math.trunc(Number(groupParam))).map((s) => s.id);
    if (selected.length === 0) throw new WsError(500, 999, "This shop group doesn't have shops");
  } else {
    const shop = query.get('id_shop');
    if (shop === null) return;
    if (shop === 'all') selected = shops.map((s) => s.id);
    else if (/^\s*[+-]?\d+(\.\d+)?\s*$/.test(shop)) selected = [Math.trunc(Number(shop))];
    else throw new WsError(404, 999, 'This shop id does not exist');
  }
  if (!selected.some((id) => shops.some((s) => s.id === id)))
    throw new WsError(403, 132, 'No permission for this key on this shop');
}
