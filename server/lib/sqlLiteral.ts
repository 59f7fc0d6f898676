/**
 * A text as an SQL string literal, for a value written into a statement's text rather than sent as a
 * parameter: an escape string (E'…') with its backslashes and quotes doubled, so PostgreSQL reads the
 * text back whatever `standard_conforming_strings` says (a plain '…' string reads a backslash as an
 * escape when it is off). A NUL character is refused: no text in PostgreSQL holds one, and the
 * statement's text would end there.
 */
export function sqlLiteral(text: string): string {
  if (text.includes('\u0000')) throw new Error('An SQL literal cannot hold a NUL character.');
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
