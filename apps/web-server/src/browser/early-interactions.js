// Inlined by the web server in the head of a server-rendered page (server-render.mjs),
// with the response's nonce; a classic script, checked with the DOM's types
// (tsconfig.browser.json). Line comments only: they are dropped when it is inlined.
//
// Runs in the page, from its head: a tap on a server-rendered control that
// React does not own yet (its code is still loading, or its part of the page
// is not hydrated) is held instead of lost, and done again once React owns the
// control. A control is a button, a tab, a summary, or a form submitted with
// Enter; a held one's default action (submitting the form to the URL) does not
// happen. React marks each element it owns with its props (`__reactProps$…`,
// set by hydration and by every render). Links are left alone: they work as
// links before hydration.
(() => {
  /** @type {{ element: Element, type: string }[]} */
  const held = [];
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let timer;
  /** @param {Element} element */
  const owned = (element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));
  const replay = () => {
    for (const entry of held.slice()) {
      if (entry.element.isConnected && !owned(entry.element)) break;
      held.splice(held.indexOf(entry), 1);
      if (!entry.element.isConnected) continue;
      if (entry.type === 'submit' && entry.element instanceof HTMLFormElement) {
        entry.element.requestSubmit();
      } else if (entry.element instanceof HTMLElement) {
        entry.element.click();
      }
    }
    if (held.length === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  /** @param {Event} event */
  const hold = (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const element = target?.closest(
      event.type === 'submit' ? 'form' : 'button, [role="button"], [role="tab"], summary',
    );
    if (!element || !element.closest('#root') || owned(element)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ element, type: event.type });
    timer ??= setInterval(replay, 50);
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
})();
