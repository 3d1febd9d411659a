"""A calculator form of a built page, filled in Chromium as a reader fills it and read back: its values, its answer
(outputs, error, working, table, notes); and every calculator's data, as the page hands it to the Python."""

from __future__ import annotations

from codex.components.calculators import calculator_data
from tests.project_data import project_dataset

TABLES = calculator_data(project_dataset())


def fill(form, values: dict) -> None:
    for name, value in values.items():
        control = form.locator(f'[name="{name}"]')
        kind = control.evaluate("e => e.tagName.toLowerCase() + ':' + (e.type || '')")
        if kind == "input:checkbox":
            control.set_checked(bool(value))
        elif kind.startswith("select"):
            control.select_option(value)
        else:
            control.fill(value)
    wait_for_answer(form)


def wait_for_answer(form) -> None:
    """The page asks the calculator worker for an answer at each change; the form is aria-busy until it is shown."""
    form.page.wait_for_function("f => !f.hasAttribute('aria-busy')", arg=form.element_handle(), timeout=15000)


def form_values(form) -> dict:
    return form.evaluate("""f => Object.fromEntries([...f.elements].filter(e => e.name).map(
        e => [e.name, e.type === 'checkbox' ? (e.checked ? 'on' : '') : e.value]))""")


def shown(form) -> dict:
    return form.evaluate("""f => ({
        outputs: Object.fromEntries([...f.querySelectorAll('dd[data-output]')].map(
            d => [d.dataset.output, [d.dataset.value, d.textContent]])),
        error: f.querySelector('[data-output=error]').textContent,
        working: [...f.querySelectorAll('[data-output=working] li')].map(li => li.textContent),
        table: [...f.querySelectorAll('[data-output=table] tbody tr')].map(tr => [...tr.cells].map(c => c.textContent)),
        notes: [...f.querySelectorAll('[data-output=notes] li')].map(li => li.textContent),
        text: f.querySelector('.codex-results').textContent,
    })""")
