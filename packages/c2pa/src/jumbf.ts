/**
 * JUMBF (ISO/IEC 19566-5), as much of it as a C2PA manifest store uses: superboxes ('jumb') that begin with a
 * description box ('jumd': a type UUID, toggles, a label) and hold content boxes or further superboxes. Boxes are
 * big-endian `size (4) · type (4) · payload`, size 1 meaning a 64-bit size follows. No JavaScript library reads and
 * writes JUMBF apart from whole C2PA SDKs, and the format is a dozen lines of box headers: these are ours.
 */

export interface ContentBox {
  kind: 'content';
  /** four characters: 'cbor', 'json', … */
  type: string;
  payload: Uint8Array;
}

export interface SuperBox {
  kind: 'super';
  /** the description box's type UUID (16 bytes) */
  uuid: Uint8Array;
  label: string;
  children: JumbfBox[];
  /** the box as read, header included (absent for a box built here) */
  raw?: Uint8Array;
}

export type JumbfBox = ContentBox | SuperBox;

export class JumbfError extends Error {
  override readonly name = 'JumbfError';
}

/** toggles: requestable (bit 0) and label present (bit 1), which C2PA requires of every description box */
const TOGGLES_REQUESTABLE_LABEL = 0x03;
const LABEL_PRESENT = 0x02;
const ID_PRESENT = 0x04;
const SIGNATURE_PRESENT = 0x08;
const PRIVATE_PRESENT = 0x10;

/** A C2PA box type UUID: four ASCII characters, then 0011-0010-8000-00AA00389B71. */
export function c2paUuid(fourCharacters: string): Uint8Array {
  const uuid = new Uint8Array(16);
  uuid.set(ascii(fourCharacters));
  uuid.set([0x00, 0x11, 0x00, 0x10, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71], 4);
  return uuid;
}

export const superBox = (uuid: Uint8Array, label: string, children: JumbfBox[]): SuperBox => ({
  kind: 'super',
  uuid,
  label,
  children,
});

export const contentBox = (type: string, payload: Uint8Array): ContentBox => ({ kind: 'content', type, payload });

/** The bytes of a box, header included. */
export function writeBox(box: JumbfBox): Uint8Array {
  if (box.kind === 'content') return framed(box.type, [box.payload]);
  const label = new TextEncoder().encode(box.label);
  const description = new Uint8Array(16 + 1 + label.length + 1);
  description.set(box.uuid);
  description[16] = TOGGLES_REQUESTABLE_LABEL;
  description.set(label, 17);
  return framed('jumb', [framed('jumd', [description]), ...box.children.map(writeBox)]);
}

/** The payload of a superbox: what C2PA hashes for a hashed URI (the box less its own 8-byte header). */
export const superBoxPayload = (box: SuperBox): Uint8Array => (box.raw ?? writeBox(box)).subarray(8);

/** Reads one superbox that must fill `bytes` exactly. */
export function readSuperBox(bytes: Uint8Array): SuperBox {
  const boxes = readBoxes(bytes, 0, bytes.length);
  if (boxes.length !== 1 || boxes[0].kind !== 'super') throw new JumbfError('not one JUMBF superbox');
  return boxes[0];
}

function readBoxes(bytes: Uint8Array, from: number, to: number): JumbfBox[] {
  const boxes: JumbfBox[] = [];
  let at = from;
  while (at < to) {
    const { type, start, end } = boxAt(bytes, at, to);
    boxes.push(type === 'jumb' ? readSuper(bytes, at, start, end) : contentBox(type, bytes.subarray(start, end)));
    at = end;
  }
  return boxes;
}

function readSuper(bytes: Uint8Array, boxStart: number, start: number, end: number): SuperBox {
  const description = boxAt(bytes, start, end);
  if (description.type !== 'jumd') throw new JumbfError("a JUMBF superbox does not begin with its 'jumd' box");
  const body = bytes.subarray(description.start, description.end);
  if (body.length < 17) throw new JumbfError('a JUMBF description box is cut short');
  const toggles = body[16];
  let label = '';
  let at = 17;
  if (toggles & LABEL_PRESENT) {
    const terminator = body.indexOf(0, at);
    if (terminator < 0) throw new JumbfError('a JUMBF label has no terminating NUL');
    label = new TextDecoder('utf-8', { fatal: true }).decode(body.subarray(at, terminator));
    at = terminator + 1;
  }
  if (toggles & ID_PRESENT) at += 4;
  if (toggles & SIGNATURE_PRESENT) at += 32;
  if ((toggles & TOGGLES_REQUESTABLE_LABEL) !== TOGGLES_REQUESTABLE_LABEL) {
    throw new JumbfError(`the description box of '${label}' is not requestable by its label (toggles ${toggles})`);
  }
  if (at > body.length || at < body.length !== Boolean(toggles & PRIVATE_PRESENT)) {
    throw new JumbfError(`the description box of '${label}' does not hold what its toggles (${toggles}) declare`);
  }
  return {
    kind: 'super',
    uuid: body.slice(0, 16),
    label,
    children: readBoxes(bytes, description.end, end),
    raw: bytes.subarray(boxStart, end),
  };
}

function boxAt(bytes: Uint8Array, at: number, limit: number): { type: string; start: number; end: number } {
  if (limit - at < 8) throw new JumbfError('a JUMBF box header is cut short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = view.getUint32(at);
  const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
  let start = at + 8;
  let length = size;
  if (size === 1) {
    if (limit - at < 16) throw new JumbfError('a JUMBF box header is cut short');
    length = Number(view.getBigUint64(at + 8));
    start = at + 16;
  } else if (size === 0) {
    length = limit - at;
  }
  const end = at + length;
  if (end < start || end > limit)
    throw new JumbfError(`the JUMBF box '${type}' claims ${length} bytes, not within its parent`);
  return { type, start, end };
}

function framed(type: string, parts: Uint8Array[]): Uint8Array {
  const size = 8 + parts.reduce((sum, part) => sum + part.length, 0);
  const box = new Uint8Array(size);
  new DataView(box.buffer).setUint32(0, size);
  box.set(ascii(type), 4);
  let at = 8;
  for (const part of parts) {
    box.set(part, at);
    at += part.length;
  }
  return box;
}

function ascii(text: string): Uint8Array {
  if (!/^[\x20-\x7e]{4}$/.test(text)) throw new JumbfError(`a box type is four ASCII characters, not '${text}'`);
  return Uint8Array.from(text, (character) => character.charCodeAt(0));
}
