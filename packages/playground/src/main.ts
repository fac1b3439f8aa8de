/**
 * The playground page: wires the editor, the inputs, the analysis worker and the panels, and
 * keeps the page URL's fragment in step with the state (a link reproduces it). Everything runs
 * in the browser; nothing is sent anywhere.
 */
import type { Profile } from '@robomata/runtime';
import { AnalysisClient, type AnalysisWork } from './analysis-client.js';
import type { Analysis, AnalysisInput } from './analyze.js';
import { LineEditor, type LineMarks, type LineSeverity } from './editor.js';
import { EXAMPLES } from './examples.js';
import { fitTableHeight, renderAnalysis } from './render-panels.js';
import { decodeState, encodeState, splitAgents, splitUrls, type PlaygroundState } from './share-state.js';

/** Milliseconds of quiet after an edit before analysing: longer than the gap between keys of steady typing (~100 ms at 120 words a minute). */
const EDIT_DEBOUNCE_MS = 120;
/** Extra quiet before compiling a large file, 1 ms per 1,000 characters up to this (500 KiB: +500 ms): compiles of seconds should wait for a pause. */
const EDIT_DEBOUNCE_MAX_EXTRA_MS = 500;
/** Milliseconds of quiet before the page URL is rewritten: a 500 KiB state is a 141,000-character link, not worth rewriting per key. */
const LINK_DEBOUNCE_MS = 400;
/** Automaton nodes drawn at most; beyond, counts only (the CLI example's 77 Googlebot states fold to 15 drawn nodes). */
const MAX_GRAPH_NODES = 150;

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

const profileSelect = $<HTMLSelectElement>('profile');
const exampleSelect = $<HTMLSelectElement>('example');
const agentsInput = $<HTMLTextAreaElement>('agents');
const urlsInput = $<HTMLTextAreaElement>('urls');
const graphAgentSelect = $<HTMLSelectElement>('graph-agent');
const allEdges = $<HTMLInputElement>('all-edges');
const status = $<HTMLOutputElement>('status');
const linkError = $<HTMLParagraphElement>('link-error');

let lastRequested: AnalysisInput | undefined;
let lastAnalysis: Analysis | undefined;
/** Index of the selected verdict row; -1 picks the first row with a deciding rule. */
let selectedResult = -1;
let editTimer: ReturnType<typeof setTimeout> | undefined;
let linkTimer: ReturnType<typeof setTimeout> | undefined;
let writtenHash = '';

const editor = new LineEditor($('editor'), () => scheduleAnalysis(EDIT_DEBOUNCE_MS + Math.min(EDIT_DEBOUNCE_MAX_EXTRA_MS, editor.view.state.doc.length / 1000)), (file) => {
  void file.text().then((text) => editor.setText(text));
});
const client = new AnalysisClient(({ analysis, error, input }) => {
  if (error !== undefined) {
    status.textContent = `error: ${error}`;
    return;
  }
  if (analysis === undefined) return;
  lastAnalysis = analysis;
  render();
  if (input === lastRequested && editTimer === undefined) {
    document.body.dataset['status'] = 'ready';
    status.textContent = `${analysis.lineCount.toLocaleString('en')} lines, ${analysis.byteLength.toLocaleString('en')} bytes` +
      (analysis.compileMs > 0 ? `, compiled in ${analysis.compileMs.toFixed(0)} ms` : '') + (client.inWorker ? '' : ' (main thread)');
  }
});
// A read-only hook for tests and debugging: the text as analysed (the editor draws only what is in
// view) and the analysis work done so far (AnalysisWork).
(window as unknown as { robomataPlayground: { text(): string; work(): AnalysisWork } }).robomataPlayground = { text: () => editor.text, work: () => ({ ...client.work }) };

/** Returns the page state from the inputs. */
function currentState(): PlaygroundState {
  return {
    robotsTxt: editor.text,
    agents: agentsInput.value,
    urls: urlsInput.value,
    profile: profileSelect.value as Profile,
    graphAgent: Math.max(0, graphAgentSelect.selectedIndex),
  };
}

/** Puts `state` into the inputs and analyses it. */
function applyState(state: PlaygroundState): void {
  editor.setText(state.robotsTxt);
  agentsInput.value = state.agents;
  urlsInput.value = state.urls;
  profileSelect.value = state.profile;
  fillGraphAgents(state.graphAgent);
  selectedResult = -1;
  scheduleAnalysis(0);
}

/** Rebuilds the agent choices of the automaton panel, keeping `selected` when it exists. */
function fillGraphAgents(selected: number): void {
  const agents = splitAgents(agentsInput.value);
  graphAgentSelect.replaceChildren(...agents.map((a) => new Option(a, a)));
  graphAgentSelect.selectedIndex = Math.min(selected, agents.length - 1);
}

/** Requests an analysis after `delay` ms of quiet. */
function scheduleAnalysis(delay: number): void {
  document.body.dataset['status'] = 'busy';
  if (editTimer !== undefined) clearTimeout(editTimer);
  editTimer = setTimeout(() => {
    editTimer = undefined;
    const state = currentState();
    lastRequested = {
      robotsTxt: state.robotsTxt,
      profile: state.profile,
      agents: splitAgents(state.agents),
      urls: splitUrls(state.urls),
      graphAgent: state.graphAgent,
      maxNodes: MAX_GRAPH_NODES,
    };
    client.request(lastRequested);
    scheduleLink();
  }, delay);
}

/** Rewrites the page URL's fragment with the state after a quiet spell. */
function scheduleLink(): void {
  if (linkTimer !== undefined) clearTimeout(linkTimer);
  linkTimer = setTimeout(() => {
    linkTimer = undefined;
    void encodeState(currentState()).then((hash) => {
      writtenHash = hash;
      history.replaceState(null, '', hash);
    });
  }, LINK_DEBOUNCE_MS);
}

/** Returns the line marks of an analysis: diagnostics, deciding lines, the selected result's line. */
function marksOf(analysis: Analysis): LineMarks {
  const rank: Record<LineSeverity, number> = { error: 3, warning: 2, info: 1 };
  const diagnostics = new Map<number, { severity: LineSeverity; messages: string[] }>();
  for (const d of analysis.diagnostics) {
    const m = diagnostics.get(d.line);
    if (m === undefined) diagnostics.set(d.line, { severity: d.severity, messages: [d.message] });
    else {
      m.messages.push(d.message);
      if (rank[d.severity] > rank[m.severity]) m.severity = d.severity;
    }
  }
  const deciding = new Map<number, 'allow' | 'disallow'>();
  for (const r of analysis.results) if (r.rule !== undefined) deciding.set(r.rule.line, r.rule.kind);
  return { diagnostics, deciding, selected: analysis.results[selectedResult]?.rule?.line ?? 0 };
}

/** Renders the last analysis into the panels and the editor's marks. */
function render(): void {
  const analysis = lastAnalysis;
  if (analysis === undefined) return;
  if (selectedResult < 0 || selectedResult >= analysis.results.length) {
    selectedResult = Math.max(0, analysis.results.findIndex((r) => r.rule !== undefined));
  }
  editor.setMarks(marksOf(analysis));
  renderAnalysis(analysis, {
    selectedResult,
    allEdges: allEdges.checked,
    onSelectResult: (index) => {
      selectedResult = index;
      render();
      const line = analysis.results[index]?.rule?.line;
      if (line !== undefined) editor.revealLine(line);
    },
    onRevealLine: (line) => editor.revealLine(line),
  });
}

/** Shows why a shared link was not loaded, until another state is loaded (not overwritten by the status line). */
function showLinkError(message: string | undefined): void {
  linkError.textContent = message === undefined ? '' : `${message}. The first example is shown instead.`;
  linkError.hidden = message === undefined;
}

/** Loads the state of the page URL's fragment, or the first example (a damaged link is reported). */
async function loadFromLocation(): Promise<void> {
  try {
    const state = await decodeState(location.hash);
    showLinkError(undefined);
    applyState(state ?? (EXAMPLES[0] as (typeof EXAMPLES)[number]).state());
  } catch (error) {
    showLinkError(error instanceof Error ? error.message : String(error));
    applyState((EXAMPLES[0] as (typeof EXAMPLES)[number]).state());
  }
}

exampleSelect.append(new Option('choose an example…', ''), ...EXAMPLES.map((e) => new Option(e.title, e.id)));
exampleSelect.addEventListener('change', () => {
  const example = EXAMPLES.find((e) => e.id === exampleSelect.value);
  if (example !== undefined) {
    showLinkError(undefined);
    applyState(example.state());
  }
  exampleSelect.value = '';
});
profileSelect.addEventListener('change', () => scheduleAnalysis(0));
agentsInput.addEventListener('input', () => {
  fillGraphAgents(graphAgentSelect.selectedIndex);
  scheduleAnalysis(EDIT_DEBOUNCE_MS);
});
urlsInput.addEventListener('input', () => scheduleAnalysis(EDIT_DEBOUNCE_MS));
graphAgentSelect.addEventListener('change', () => scheduleAnalysis(0));
allEdges.addEventListener('change', render);
$('copy-link').addEventListener('click', () => {
  void encodeState(currentState()).then(async (hash) => {
    writtenHash = hash;
    history.replaceState(null, '', hash);
    try {
      await navigator.clipboard.writeText(location.href);
      status.textContent = `link copied (${location.href.length.toLocaleString('en')} characters)`;
    } catch {
      status.textContent = 'the link is in the address bar (the clipboard is not available here)';
    }
  });
});
window.addEventListener('resize', fitTableHeight);
window.addEventListener('hashchange', () => {
  if (location.hash !== writtenHash) void loadFromLocation();
});

void loadFromLocation();
