/**
 * PrestaShop 8.x `Validate::isCleanHtml` and `Validate::isLinkRewrite`.
 *
 * Dependency-free: this file is copied verbatim into generated output.
 */

const EVENTS =
  'onmousedown|onmousemove|onmmouseup|onmouseover|onmouseout|onload|onunload|onfocus|onblur|onchange' +
  '|onsubmit|ondblclick|onclick|onkeydown|onkeyup|onkeypress|onmouseenter|onmouseleave|onerror|onselect|onreset' +
  '|onabort|ondragdrop|onresize|onactivate|onafterprint|onmoveend|onafterupdate|onbeforeactivate|onbeforecopy' +
  '|onbeforecut|onbeforedeactivate|onbeforeeditfocus|onbeforepaste|onbeforeprint|onbeforeunload|onbeforeupdate' +
  '|onmove|onbounce|oncellchange|oncontextmenu|oncontrolselect|oncopy|oncut|ondataavailable|ondatasetchanged' +
  '|ondatasetcomplete|ondeactivate|ondrag|ondragend|ondragenter|onmousewheel|ondragleave|ondragover|ondragstart' +
  '|ondrop|onerrorupdate|onfilterchange|onfinish|onfocusin|onfocusout|onhashchange|onhelp|oninput|onlosecapture' +
  '|onmessage|onmouseup|onmovestart|onoffline|ononline|onpaste|onpropertychange|onreadystatechange|onresizeend' +
  '|onresizestart|onrowenter|onrowexit|onrowsdelete|onrowsinserted|onscroll|onsearch|onselectionchange' +
  '|onselectstart|onstart|onstop|onanimationcancel|onanimationend|onanimationiteration|onanimationstart' +
  '|onpointerover|onpointerenter|onpointerdown|onpointermove|onpointerup|onpointerout|onpointerleave' +
  '|onpointercancel|ongotpointercapture|onlostpointercapture';

// The patterns have no `u` modifier: `\s` is ASCII white space, case folding is ASCII.
const SCRIPT_TAG_RE = /<[\t\n\v\f\r ]*script/i;
const EVENT_ATTRIBUTE_RE = new RegExp(`(?:${EVENTS})[\\t\\n\\v\\f\\r ]*=`, 'i');
const SCRIPT_URL_RE = /script:/i;
const EMBED_TAG_RE = /<[\t\n\v\f\r ]*(?:i?frame|form|input|embed|object)/i;

/**
 * `isCleanHtml`: no `<script`, no `on…=` event handler, no `…script:` URL, and (unless the store
 * allows iframes, `PS_ALLOW_HTML_IFRAME`) no `<iframe`, `<frame`, `<form`, `<input`, `<embed`, `<object`.
 */
export function isCleanHtml(value: string, allowIframe = false): boolean {
  if (SCRIPT_TAG_RE.test(value) || EVENT_ATTRIBUTE_RE.test(value) || SCRIPT_URL_RE.test(value)) return false;
  return allowIframe || !EMBED_TAG_RE.test(value);
}

const LINK_REWRITE_RE = /^[_a-zA-Z0-9-]+\n?$/;
const LINK_REWRITE_ACCENTED_RE = /^[_a-zA-Z0-9\u0600-\u06FF\p{L}\p{S}-]+\n?$/u;

/**
 * `isLinkRewrite`: letters, digits, `_` and `-`. With `allowAccented` (the store's
 * `PS_ALLOW_ACCENTED_CHARS_URL`, off by default) any letter or symbol too.
 */
export function isLinkRewrite(value: string, allowAccented = false): boolean {
  return (allowAccented ? LINK_REWRITE_ACCENTED_RE : LINK_REWRITE_RE).test(value);
}
