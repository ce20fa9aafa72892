/**
 * The typed text highlighted in a search row (docs/product/shell.md "Lead search"): in the name and
 * the email as text, in the phone by its digits, so '214555' marks '214' and '555' of '(214) 555-0134'.
 */
export interface Segment {
  text: string;
  match: boolean;
}

/** Splits `text` into runs, marking each character whose flag is set. */
function toSegments(text: string, marked: boolean[]): Segment[] {
  const segments: Segment[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = segments[segments.length - 1];
    if (last && last.match === marked[i]) last.text += text[i];
    else segments.push({ text: text[i], match: marked[i] });
  }
  return segments;
}

/** Every case-insensitive occurrence of the trimmed query in `text`. */
export function highlightText(text: string, query: string): Segment[] {
  const needle = query.trim().toLowerCase();
  const marked = new Array<boolean>(text.length).fill(false);
  if (needle) {
    const haystack = text.toLowerCase();
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length))
      marked.fill(true, at, at + needle.length);
  }
  return toSegments(text, marked);
}

/**
 * The digits of a displayed phone that match the digits typed (at least 2), whatever punctuation either
 * has. A typed leading US 1 is ignored when the number is shown without it.
 */
export function highlightPhone(display: string, query: string): Segment[] {
  const marked = new Array<boolean>(display.length).fill(false);
  const typed = query.replace(/\D/g, '');
  const positions = [...display].flatMap((char, i) => (/\d/.test(char) ? [i] : []));
  const digits = positions.map((i) => display[i]).join('');
  const needle =
    typed.length >= 2 && !digits.includes(typed) && typed.startsWith('1') ? typed.slice(1) : typed;
  if (needle.length >= 2) {
    for (let at = digits.indexOf(needle); at !== -1; at = digits.indexOf(needle, at + needle.length))
      for (let k = at; k < at + needle.length; k++) marked[positions[k]] = true;
  }
  return toSegments(display, marked);
}
