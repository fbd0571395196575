/**
 * A strict reader of the plain XML the site serves (sitemaps): an optional declaration, then one
 * element tree of tags with double-quoted attributes and text. It throws on anything that is
 * not well-formed — an unclosed or mismatched tag, a stray `<` or `&`, text outside the root —
 * so a test can assert on the tree. No DTDs, comments, CDATA or processing instructions (the
 * sitemaps have none).
 */
export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string };

const ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
const TOKEN = /<\/([A-Za-z_][\w:.-]*)\s*>|<([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
const ATTRIBUTE = /([A-Za-z_][\w:.-]*)="([^"<]*)"/g;

function decode(text: string): string {
  if (ENTITY.test(text)) throw new Error(`unescaped & in ${JSON.stringify(text.slice(0, 80))}`);
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-fA-F]+);/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&');
}

/** Parses `xml` into its root element; throws with the offset of the first problem. */
export function parseXml(xml: string): XmlElement {
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>/, '');
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < body.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(body);
    if (!match) throw new Error(`not well-formed at offset ${at}: ${JSON.stringify(body.slice(at, at + 80))}`);
    const [, closing, opening, attributeText = '', selfClosing, text] = match;
    if (text !== undefined) {
      const parent = stack.at(-1);
      if (!parent) {
        if (text.trim()) throw new Error(`text outside the root element at offset ${at}`);
        continue;
      }
      parent.text += decode(text);
    } else if (closing) {
      const open = stack.pop();
      if (open?.name !== closing) throw new Error(`</${closing}> closes <${open?.name ?? 'nothing'}> at offset ${at}`);
    } else if (opening) {
      const attributes: Record<string, string> = {};
      for (const [, name = '', value = ''] of attributeText.matchAll(ATTRIBUTE)) {
        if (name in attributes) throw new Error(`attribute ${name} twice at offset ${at}`);
        attributes[name] = decode(value);
      }
      const element: XmlElement = { name: opening, attributes, children: [], text: '' };
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new Error(`a second root element at offset ${at}`);
      else root = element;
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

/** The children of `element` named `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}
