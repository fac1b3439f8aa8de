/**
 * The robots.txt editor: a plain `<textarea>` (native undo, paste, IME, accessibility) with a
 * line-number gutter and line highlights drawn behind the text. Only the visible lines are
 * rendered, so a 500 KiB file (tens of thousands of lines) costs the same per keystroke as a
 * small one: counting line breaks (one pass over the text) plus the visible rows.
 */

/** Pixels per line: must equal the textarea's CSS line-height (style.css `--line`). */
export const LINE_HEIGHT = 18;
/** Pixels of padding above the first line (style.css `--pad`). */
const PAD_TOP = 6;

/** Severity of a line's worst diagnostic. */
export type LineSeverity = 'error' | 'warning' | 'info';

/** What is marked on the lines. */
export interface LineMarks {
  /** Worst severity and messages of each line's diagnostics. */
  readonly diagnostics: ReadonlyMap<number, { readonly severity: LineSeverity; readonly messages: readonly string[] }>;
  /** Lines of rules that decide some URL, by kind. */
  readonly deciding: ReadonlyMap<number, 'allow' | 'disallow'>;
  /** The line of the selected result, or 0. */
  readonly selected: number;
}

const _NO_MARKS: LineMarks = { diagnostics: new Map(), deciding: new Map(), selected: 0 };

/** Returns the number of lines of `text` (line breaks plus one; the textarea's value uses LF only). */
export function countLines(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** The editor widget. */
export class LineEditor {
  readonly textarea: HTMLTextAreaElement;
  private readonly _gutter: HTMLElement;
  private readonly _backdrop: HTMLElement;
  private _lines = 1;
  private _marks: LineMarks = _NO_MARKS;
  private _frame = 0;

  /** Builds the editor inside `host`; `onInput` runs after every edit. */
  constructor(host: HTMLElement, onInput: () => void) {
    host.classList.add('editor');
    this._gutter = document.createElement('div');
    this._gutter.className = 'gutter';
    this._gutter.setAttribute('aria-hidden', 'true');
    const wrap = document.createElement('div');
    wrap.className = 'code';
    this._backdrop = document.createElement('div');
    this._backdrop.className = 'backdrop';
    this._backdrop.setAttribute('aria-hidden', 'true');
    this.textarea = document.createElement('textarea');
    this.textarea.id = 'robots';
    this.textarea.spellcheck = false;
    this.textarea.wrap = 'off';
    this.textarea.setAttribute('aria-label', 'robots.txt');
    this.textarea.setAttribute('autocomplete', 'off');
    this.textarea.setAttribute('autocapitalize', 'off');
    wrap.append(this._backdrop, this.textarea);
    host.append(this._gutter, wrap);
    this.textarea.addEventListener('input', () => {
      this._lines = countLines(this.textarea.value);
      this._schedule();
      onInput();
    });
    this.textarea.addEventListener('scroll', () => this._schedule());
    new ResizeObserver(() => this._schedule()).observe(this.textarea);
  }

  /** Returns the text. */
  get text(): string {
    return this.textarea.value;
  }

  /** Replaces the text (not undoable) and scrolls to the top. */
  setText(text: string): void {
    this.textarea.value = text;
    this._lines = countLines(this.textarea.value);
    this.textarea.scrollTop = 0;
    this._schedule();
  }

  /** Sets the marks drawn on the lines. */
  setMarks(marks: LineMarks): void {
    this._marks = marks;
    this._schedule();
  }

  /** Scrolls line `line` (1-based) to the middle of the view and puts the caret at its start. */
  revealLine(line: number): void {
    const ta = this.textarea;
    let start = 0;
    for (let n = 1; n < line; n++) {
      const i = ta.value.indexOf('\n', start);
      if (i === -1) break;
      start = i + 1;
    }
    const end = ta.value.indexOf('\n', start);
    ta.focus({ preventScroll: true });
    ta.setSelectionRange(start, end === -1 ? ta.value.length : end);
    ta.scrollTop = Math.max(0, (line - 1) * LINE_HEIGHT - ta.clientHeight / 2);
    this._schedule();
  }

  private _schedule(): void {
    if (this._frame === 0) this._frame = requestAnimationFrame(() => this._render());
  }

  /** Renders the gutter rows and highlights of the visible lines only. */
  private _render(): void {
    this._frame = 0;
    const ta = this.textarea;
    const first = Math.max(1, Math.floor((ta.scrollTop - PAD_TOP) / LINE_HEIGHT) + 1);
    const last = Math.min(this._lines, first + Math.ceil(ta.clientHeight / LINE_HEIGHT) + 1);
    const digits = String(this._lines).length;
    this._gutter.style.width = `${digits + 3}ch`;
    const offset = PAD_TOP - ta.scrollTop;
    const rows: HTMLElement[] = [];
    const lights: HTMLElement[] = [];
    for (let line = first; line <= last; line++) {
      const top = `${offset + (line - 1) * LINE_HEIGHT}px`;
      const row = document.createElement('div');
      row.className = 'ln';
      row.dataset['line'] = String(line);
      row.style.top = top;
      row.textContent = String(line);
      const diag = this._marks.diagnostics.get(line);
      const decide = this._marks.deciding.get(line);
      if (diag !== undefined) {
        row.classList.add(`diag-${diag.severity}`);
        row.title = diag.messages.join('\n');
      }
      if (decide !== undefined) row.classList.add(`decides-${decide}`);
      rows.push(row);
      const classes = [
        diag === undefined ? '' : `diag-${diag.severity}`,
        decide === undefined ? '' : `decides-${decide}`,
        line === this._marks.selected ? 'selected' : '',
      ].filter((c) => c !== '');
      if (classes.length > 0) {
        const light = document.createElement('div');
        light.className = `hl ${classes.join(' ')}`;
        light.dataset['line'] = String(line);
        light.style.top = top;
        lights.push(light);
      }
    }
    this._gutter.replaceChildren(...rows);
    this._backdrop.replaceChildren(...lights);
  }
}
