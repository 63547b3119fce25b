/**
 * A heading's text whose last two words never part, so its last line never holds one word alone
 * ("Design the API" wraps as "Design / the API"). On the narrowest phones they may, rather than
 * overflow.
 */
export function HeadingText({ children: text }: { children: string }) {
  const pair = /(\S+ \S+)$/.exec(text);
  if (!pair) return text;
  return (
    <>
      {text.slice(0, pair.index)}
      <span className="keep-together">{pair[1]}</span>
    </>
  );
}
