// How a calculator's inputs sit in the page's address (?wbs.derived.strength=4). The format is
// defined once, in hooks/codex/links.py, and handed to each form as data-state
// ({"prefix": …, "on": …, "off": …}); nothing here knows the key format or the checkbox words.

const formats = new WeakMap();

function format(form) {
  let known = formats.get(form);
  if (!known) {
    known = JSON.parse(form.dataset.state);
    formats.set(form, known);
  }
  return known;
}

// The URL key of one input of this form.
export function stateKey(form, name) {
  return format(form).prefix + name;
}

// This form's inputs in a query, name → text; other calculators' keys are left out.
export function stateOf(form, params) {
  const { prefix } = format(form);
  return new Map([...params].filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v]));
}

// An input's value as the URL writes it.
export function stateText(form, value) {
  if (value === true) return format(form).on;
  if (value === false) return format(form).off;
  return String(value);
}

// Whether a URL value ticks a checkbox.
export function stateTicks(form, text) {
  return text === true || text === format(form).on;
}
