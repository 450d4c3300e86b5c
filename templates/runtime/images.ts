/**
 * `images`: a specific-management resource without a synopsis, written by hand.
 *
 * - Product images (several per product): `/api/images/products/{product}[/{image}[/{size}]]`.
 * - One image per entity for categories, manufacturers, suppliers and stores:
 *   `/api/images/{type}/{id}[/{size}]`.
 * Uploads are `multipart/form-data` with the file in the field `image`; a replacement is a POST with
 * `ps_method=PUT` because PHP only reads multipart bodies of POST requests. Listings are read as
 * XML (the JSON image listings of PrestaShop are broken).
 */
import { PrestaShopError } from './errors.js';
import { decodeError } from './http-body.js';
import type { HttpResponse, Transport } from './http.js';
import type { Params } from './query.js';
import { child, parseXml, type XmlElement } from './xml.js';

/** Image data to upload. */
export type ImageData = Blob | ArrayBuffer | Uint8Array;

export interface UploadOptions {
  /** File name sent with the part (default `image.jpg`). */
  readonly filename?: string | undefined;
  /** MIME type when `data` is not a `Blob` with a type (default `image/jpeg`). */
  readonly contentType?: string | undefined;
  readonly signal?: AbortSignal | undefined;
}

export interface SignalOption {
  readonly signal?: AbortSignal | undefined;
}

/** The entity types with one image each. */
export type EntityImageType = 'categories' | 'manufacturers' | 'suppliers' | 'stores';

export interface ProductImagesClient {
  /** Ids of the products that have at least one image. */
  products(options?: SignalOption): Promise<number[]>;
  /** Image ids of one product (empty when it has none). */
  list(productId: number, options?: SignalOption): Promise<number[]>;
  /** Uploads a new image for a product; returns its id. The first image becomes the cover. */
  upload(productId: number, data: ImageData, options?: UploadOptions): Promise<{ readonly id: number }>;
  /** Replaces the file of an existing image. */
  replace(productId: number, imageId: number, data: ImageData, options?: UploadOptions): Promise<void>;
  /** The image file, original or in a named size (`small_default`, ...). */
  download(productId: number, imageId: number, size?: string, options?: SignalOption): Promise<Blob>;
  delete(productId: number, imageId: number, options?: SignalOption): Promise<void>;
}

export interface EntityImagesClient {
  /** Ids of the entities that have an image. */
  list(options?: SignalOption): Promise<number[]>;
  upload(id: number, data: ImageData, options?: UploadOptions): Promise<void>;
  replace(id: number, data: ImageData, options?: UploadOptions): Promise<void>;
  download(id: number, size?: string, options?: SignalOption): Promise<Blob>;
  delete(id: number, options?: SignalOption): Promise<void>;
}

export interface ImagesClient {
  readonly products: ProductImagesClient;
  readonly categories: EntityImagesClient;
  readonly manufacturers: EntityImagesClient;
  readonly suppliers: EntityImagesClient;
  readonly stores: EntityImagesClient;
}

export function createImagesClient(transport: Transport): ImagesClient {
  return {
    products: productImages(transport),
    categories: entityImages(transport, 'categories'),
    manufacturers: entityImages(transport, 'manufacturers'),
    suppliers: entityImages(transport, 'suppliers'),
    stores: entityImages(transport, 'stores'),
  };
}

function productImages(t: Transport): ProductImagesClient {
  return {
    async products(options = {}) {
      const root = await getXml(t, 'images/products', options.signal);
      return idsOf(child(root, 'images'), 'image');
    },
    async list(productId, options = {}) {
      checkId(productId, 'productId');
      const res = await t.send({ method: 'GET', path: `images/products/${productId}`, format: 'XML', signal: options.signal });
      if (res.status === 404) return [];
      if (res.status < 200 || res.status > 299) throw t.httpError('GET', res);
      return idsOf(child(parseOrThrow(t, res, 'GET'), 'image'), 'declination');
    },
    async upload(productId, data, options = {}) {
      checkId(productId, 'productId');
      const res = await t.expectOk({ method: 'POST', path: `images/products/${productId}`, format: 'XML', body: form(data, options), signal: options.signal });
      const image = child(parseOrThrow(t, res, 'POST'), 'image');
      const id = image === undefined ? undefined : child(image, 'id')?.text.trim();
      if (id === undefined || !/^\d+$/.test(id)) {
        throw new PrestaShopError({ kind: 'decode', status: res.status, method: 'POST', url: res.url, errors: [{ code: null, message: 'the store did not return the new image id' }] });
      }
      return { id: Number(id) };
    },
    async replace(productId, imageId, data, options = {}) {
      checkId(productId, 'productId');
      checkId(imageId, 'imageId');
      await t.expectOk({ method: 'POST', path: `images/products/${productId}/${imageId}`, params: [['ps_method', 'PUT']], format: 'XML', body: form(data, options), signal: options.signal });
    },
    async download(productId, imageId, size, options = {}) {
      checkId(productId, 'productId');
      checkId(imageId, 'imageId');
      return getBinary(t, `images/products/${productId}/${imageId}${sizeSegment(size)}`, options.signal);
    },
    async delete(productId, imageId, options = {}) {
      checkId(productId, 'productId');
      checkId(imageId, 'imageId');
      await t.expectOk({ method: 'DELETE', path: `images/products/${productId}/${imageId}`, format: 'XML', signal: options.signal });
    },
  };
}

function entityImages(t: Transport, type: EntityImageType): EntityImagesClient {
  return {
    async list(options = {}) {
      const root = await getXml(t, `images/${type}`, options.signal);
      return idsOf(child(root, 'images'), 'image');
    },
    async upload(id, data, options = {}) {
      checkId(id, 'id');
      await t.expectOk({ method: 'POST', path: `images/${type}/${id}`, format: 'XML', body: form(data, options), signal: options.signal });
    },
    async replace(id, data, options = {}) {
      checkId(id, 'id');
      await t.expectOk({ method: 'POST', path: `images/${type}/${id}`, params: [['ps_method', 'PUT']], format: 'XML', body: form(data, options), signal: options.signal });
    },
    async download(id, size, options = {}) {
      checkId(id, 'id');
      return getBinary(t, `images/${type}/${id}${sizeSegment(size)}`, options.signal);
    },
    async delete(id, options = {}) {
      checkId(id, 'id');
      await t.expectOk({ method: 'DELETE', path: `images/${type}/${id}`, format: 'XML', signal: options.signal });
    },
  };
}

/** The multipart body: the file in the field `image`. */
function form(data: ImageData, options: UploadOptions): FormData {
  const blob =
    data instanceof Blob ? data : new Blob([data instanceof Uint8Array ? data.slice() : new Uint8Array(data)], { type: options.contentType ?? 'image/jpeg' });
  const body = new FormData();
  body.append('image', blob, options.filename ?? 'image.jpg');
  return body;
}

async function getXml(t: Transport, path: string, signal: AbortSignal | undefined, params: Params = []): Promise<XmlElement> {
  const res = await t.expectOk({ method: 'GET', path, params, format: 'XML', signal });
  return parseOrThrow(t, res, 'GET');
}

async function getBinary(t: Transport, path: string, signal: AbortSignal | undefined): Promise<Blob> {
  const res = await t.expectOk({ method: 'GET', path, format: 'XML', binary: true, signal });
  return new Blob([res.bytes ?? new ArrayBuffer(0)], { type: res.headers.get('content-type') ?? 'application/octet-stream' });
}

function parseOrThrow(t: Transport, res: HttpResponse, method: string): XmlElement {
  try {
    return parseXml(res.text);
  } catch (error) {
    throw decodeError(error, res.status, method, res.url, t.apiKey);
  }
}

function idsOf(list: XmlElement | undefined, node: string): number[] {
  if (list === undefined) return [];
  return list.children.filter((c) => c.name === node && /^\d+$/.test(c.attrs['id'] ?? '')).map((c) => Number(c.attrs['id']));
}

function sizeSegment(size: string | undefined): string {
  if (size === undefined) return '';
  if (!/^[A-Za-z0-9_-]+$/.test(size)) throw new RangeError(`size: ${JSON.stringify(size)} is not an image type name`);
  return `/${size}`;
}

function checkId(id: number, what: string): void {
  if (!Number.isInteger(id) || id <= 0) throw new RangeError(`${what}: expected a positive integer, got ${String(id)}`);
}
