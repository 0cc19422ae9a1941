// Small DOM helpers shared by the page's modules.

/** A new ``tag`` element with ``text`` as its content and ``className``. */
export function element(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}
