/** Replaced by the screen's implementation (in progress). */
export default function Screen() {
  return null;
}
