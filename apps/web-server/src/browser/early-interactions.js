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
//
// What is typed into a field before React owns it is kept too: hydration sets a
// field back to the value it was rendered with, so once React owns the field the
// typed value is put back and announced as typed (an input or change event React
// hears), until the field's props show React took it (a field React has not
// committed yet does not hear the event: it is told again, a few times at most).
// Held taps wait for the typed values, so a form tapped or submitted early is
// sent with what was typed.
(() => {
  /** @type {{ element: Element, type: string }[]} */
  const held = [];
  /** @type {Map<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, { value: string, tries: number }>} */
  const typed = new Map();
  /** Times a typed value is put back before it is left as it is. */
  const MAX_TRIES = 20;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let timer;
  /** @param {Element} element */
  const propsKey = (element) => Object.keys(element).find((key) => key.startsWith('__reactProps$'));
  /** @param {Element} element */
  const owned = (element) => propsKey(element) !== undefined;
  /**
   * Puts `value` into `field` as typing does: through the element's own setter
   * (React's tracker of the value sees it change) and with the event React listens to.
   * @param {HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement} field
   * @param {string} value
   */
  const retype = (field, value) => {
    const prototype = Object.getPrototypeOf(field);
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  };
  /** Whether every typed value is back (or given up): held taps may be done. */
  const restoreTyped = () => {
    for (const [field, entry] of typed) {
      if (!field.isConnected) {
        typed.delete(field);
        continue;
      }
      const key = propsKey(field);
      if (key === undefined) continue;
      const props = /** @type {{ value?: unknown } | undefined} */ (
        /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (field))[key]
      );
      // uncontrolled (the value is the element's own) or controlled and no longer
      // the rendered value: React has it
      const rendered =
        field instanceof HTMLSelectElement
          ? ([...field.options].find((option) => option.defaultSelected) ?? field.options[0])?.value
          : field.defaultValue;
      const taken =
        props?.value === undefined
          ? field.value === entry.value
          : String(props.value) !== (rendered ?? '') || String(props.value) === entry.value;
      if (taken || entry.tries >= MAX_TRIES) {
        if (props?.value === undefined && field.value !== entry.value) retype(field, entry.value);
        typed.delete(field);
        continue;
      }
      entry.tries += 1;
      retype(field, entry.value);
    }
    return typed.size === 0;
  };
  const replay = () => {
    if (restoreTyped()) {
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
    }
    if (held.length === 0 && typed.size === 0) {
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
  /** @param {Event} event */
  const keep = (event) => {
    const field = event.target;
    if (
      !(
        field instanceof HTMLTextAreaElement ||
        field instanceof HTMLSelectElement ||
        (field instanceof HTMLInputElement && !/^(checkbox|radio|file)$/.test(field.type))
      ) ||
      !field.closest('#root') ||
      owned(field)
    )
      return;
    typed.set(field, { value: field.value, tries: 0 });
    timer ??= setInterval(replay, 50);
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  document.addEventListener('input', keep, true);
  document.addEventListener('change', keep, true);
})();
