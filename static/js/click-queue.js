// Fast clicks in a builder (issue #28, item 12): a click is never lost, nor lands elsewhere.
//
// Each request of a builder's card ([data-click-queue], with an id) swaps the card whole.
// htmx's own queue (hx-sync) cannot hold a click made while a request is on its way: the
// request it queues belongs to a form that is gone when its turn comes, and htmx drops it.
// So here such a click is kept, in order, and made again once the card has come back: on
// the same button of the new card (its form's action, its name, value, formaction and
// text), with what was typed in its form. A click whose button the new card no longer has
// (an item no longer offered, the card closed) is dropped; a request that fails drops them
// all, and the card says why.
//
// While a request is on its way the card is busy (aria-busy, which site.css shows), and a
// kept click's button is marked (is-queued) until it is made again.
(() => {
  "use strict";
  const SCOPE = "[data-click-queue]";
  const busy = new Set(); // ids of the cards whose request is on its way
  const settling = new Set(); // ids of the cards swapped in but not yet ready for a click
  const waiting = new Map(); // card id -> the clicks kept, in order

  const scopeOf = (element) => (element && element.closest ? element.closest(SCOPE) : null);
  const formAction = (button) => (button.form ? button.form.getAttribute("action") : null);

  function fields(form) {
    if (!form) return [];
    return Array.from(form.elements)
      .filter((e) => e.name && e.tagName !== "BUTTON" && !["hidden", "checkbox", "radio"].includes(e.type))
      .map((e) => [e.name, e.value]);
  }

  function describe(button) {
    return {
      form: formAction(button),
      name: button.name,
      value: button.value,
      action: button.getAttribute("formaction"),
      text: button.textContent.trim(),
      fields: fields(button.form),
    };
  }

  function matches(button, kept) {
    return (
      formAction(button) === kept.form &&
      button.name === kept.name &&
      button.value === kept.value &&
      button.getAttribute("formaction") === kept.action &&
      button.textContent.trim() === kept.text
    );
  }

  // Makes the next kept click of the card, on its new self.
  function next(id) {
    const kept = waiting.get(id) || [];
    const card = document.getElementById(id);
    while (kept.length && card) {
      const click = kept.shift();
      const button = Array.from(card.querySelectorAll("button")).find((b) => matches(b, click));
      if (!button || button.disabled) continue;
      for (const [name, value] of click.fields) {
        const field = button.form && button.form.elements.namedItem(name);
        if (field && "value" in field) field.value = value;
      }
      button.click();
      break;
    }
    if (!kept.length || !card) waiting.delete(id);
  }

  document.addEventListener(
    "click",
    (event) => {
      const button = event.target.closest ? event.target.closest("button") : null;
      const card = scopeOf(button);
      if (!card || !(busy.has(card.id) || settling.has(card.id)) || button.type !== "submit") {
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      waiting.set(card.id, [...(waiting.get(card.id) || []), describe(button)]);
      button.classList.add("is-queued");
    },
    true,
  );

  document.addEventListener("htmx:beforeSend", (event) => {
    const card = scopeOf(event.target);
    if (!card || !card.id) return;
    busy.add(card.id);
    card.setAttribute("aria-busy", "true");
  });

  // Fired on the element that asked, or, when the answer has swapped it out, on the first
  // of its old ancestors still in the page: the card is found from the element that asked.
  document.addEventListener("htmx:afterRequest", (event) => {
    const card = scopeOf(event.detail.requestConfig && event.detail.requestConfig.elt);
    if (!card || !busy.has(card.id)) return;
    const id = card.id;
    busy.delete(id);
    const now = document.getElementById(id);
    if (now) now.removeAttribute("aria-busy");
    if (!event.detail.successful) {
      waiting.delete(id);
      if (now) now.querySelectorAll(".is-queued").forEach((b) => b.classList.remove("is-queued"));
    } else if (now !== card) {
      settling.add(id); // htmx readies the new card's forms when it settles
      setTimeout(() => settling.delete(id) && next(id), 1000); // should it never settle
    } else {
      next(id); // nothing swapped: the card is as it was
    }
  });

  document.addEventListener("htmx:afterSettle", () => {
    for (const id of [...settling]) {
      settling.delete(id);
      next(id);
    }
  });
})();
