/**
 * The robots.txt editor: CodeMirror 6 with line numbers, a gutter of lint marks and line
 * decorations (diagnostics, deciding rules, the selected result's line). CodeMirror draws only
 * the lines in view, so a keystroke in a 500 KiB file (tens of thousands of lines) costs about
 * what it costs in a small one; a plain `<textarea>` relays out the whole text on every key.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { EditorState, RangeSetBuilder, StateEffect, StateField } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  GutterMarker,
  ViewPlugin,
  drawSelection,
  gutter,
  highlightActiveLine,
  keymap,
  lineNumbers,
  type DecorationSet,
  type ViewUpdate,
} from '@codemirror/view';

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
const _setMarks = StateEffect.define<LineMarks>();
const _marks = StateField.define<LineMarks>({
  create: () => _NO_MARKS,
  update: (value, tr) => tr.effects.reduce((v, e) => (e.is(_setMarks) ? e.value : v), value),
});

/** A lint dot in the gutter, its messages in the title. */
class _DiagMarker extends GutterMarker {
  constructor(readonly line: number, readonly severity: LineSeverity, readonly messages: readonly string[]) {
    super();
  }

  override eq(other: GutterMarker): boolean {
    return other instanceof _DiagMarker && other.line === this.line && other.severity === this.severity && other.messages.join() === this.messages.join();
  }

  override toDOM(): Node {
    const dot = document.createElement('span');
    dot.className = `cm-diag diag-${this.severity}`;
    dot.dataset['line'] = String(this.line);
    dot.title = this.messages.join('\n');
    dot.textContent = '●';
    return dot;
  }
}

/** Returns the decorations of the visible lines: `data-line` plus diagnostic/deciding/selected classes. */
function _decorate(view: EditorView): DecorationSet {
  const marks = view.state.field(_marks);
  const builder = new RangeSetBuilder<Decoration>();
  const doc = view.state.doc;
  for (const { from, to } of view.visibleRanges) {
    for (let n = doc.lineAt(from).number, last = doc.lineAt(to).number; n <= last; n++) {
      const diag = marks.diagnostics.get(n);
      const decide = marks.deciding.get(n);
      const classes = [diag === undefined ? '' : `diag-${diag.severity}`, decide === undefined ? '' : `decides-${decide}`, n === marks.selected ? 'selected' : '']
        .filter((c) => c !== '')
        .join(' ');
      const attributes: Record<string, string> = { 'data-line': String(n) };
      if (classes !== '') attributes['class'] = classes;
      if (diag !== undefined) attributes['title'] = diag.messages.join('\n');
      builder.add(doc.line(n).from, doc.line(n).from, Decoration.line({ attributes }));
    }
  }
  return builder.finish();
}

const _lineDecorations = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = _decorate(view);
    }
    update(u: ViewUpdate): void {
      if (u.docChanged || u.viewportChanged || u.startState.field(_marks) !== u.state.field(_marks)) this.decorations = _decorate(u.view);
    }
  },
  { decorations: (p) => p.decorations },
);

const _lintGutter = gutter({
  class: 'cm-lint-gutter',
  lineMarker(view, block) {
    const n = view.state.doc.lineAt(block.from).number;
    const d = view.state.field(_marks).diagnostics.get(n);
    return d === undefined ? null : new _DiagMarker(n, d.severity, d.messages);
  },
  lineMarkerChange: (u) => u.startState.field(_marks) !== u.state.field(_marks),
  initialSpacer: () => new _DiagMarker(0, 'info', []),
});

/** The editor widget. */
export class LineEditor {
  readonly view: EditorView;

  /** Builds the editor inside `host`; `onInput` runs after every edit; `onDropFile` gets a dropped file. */
  constructor(host: HTMLElement, onInput: () => void, onDropFile: (file: File) => void) {
    host.classList.add('editor');
    this.view = new EditorView({
      parent: host,
      state: EditorState.create({
        extensions: [
          _marks,
          lineNumbers(),
          _lintGutter,
          _lineDecorations,
          history(),
          drawSelection(),
          highlightActiveLine(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.contentAttributes.of({ 'aria-label': 'robots.txt', spellcheck: 'false', autocapitalize: 'off' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onInput();
          }),
          EditorView.domEventHandlers({
            drop(event) {
              const file = event.dataTransfer?.files[0];
              if (file === undefined) return false;
              event.preventDefault();
              onDropFile(file);
              return true;
            },
          }),
        ],
      }),
    });
  }

  /** Returns the text (lines joined with LF). O(length). */
  get text(): string {
    return this.view.state.doc.toString();
  }

  /** Replaces the whole text (one undoable change) and puts the caret at the start. */
  setText(text: string): void {
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text }, selection: { anchor: 0 }, scrollIntoView: true });
  }

  /** Sets the marks drawn on the lines. */
  setMarks(marks: LineMarks): void {
    this.view.dispatch({ effects: _setMarks.of(marks) });
  }

  /** Selects line `line` (1-based), scrolls it to the middle of the view and focuses the editor. */
  revealLine(line: number): void {
    const doc = this.view.state.doc;
    const target = doc.line(Math.min(Math.max(1, line), doc.lines));
    this.view.dispatch({ selection: { anchor: target.from, head: target.to }, effects: EditorView.scrollIntoView(target.from, { y: 'center' }) });
    this.view.focus();
  }
}
