/**
 * Renders an {@link Analysis} into the page's panels: body warnings, lint list, per-agent
 * group choice, the verdict table, sitemaps, other directives and the automaton. All text goes
 * in through `textContent`: nothing from the robots.txt is ever parsed as markup.
 */
import type { Analysis } from './analyze.js';
import { formatPreferences } from './ai-crawlers.js';
import { drawAutomaton } from './render-graph.js';

/** Rows of the verdict table and the lint list drawn at most (the rest are counted). */
const MAX_ROWS = 1000;
/** Height of the verdict table's box at most, as a fraction of the window; it ends at a row's bottom. */
const TABLE_MAX_VIEWPORT = 0.4;

/** Callbacks and view options of {@link renderAnalysis}. */
export interface PanelOptions {
  readonly selectedResult: number;
  readonly allEdges: boolean;
  onSelectResult(index: number): void;
  onRevealLine(line: number): void;
}

const $ = (id: string): HTMLElement => document.getElementById(id) as HTMLElement;

/** Returns a new element with a class and text. */
function make<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className !== '') e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Returns a button that jumps to `line`. */
function lineLink(line: number, text: string, options: PanelOptions): HTMLButtonElement {
  const b = make('button', 'line-link', text);
  b.type = 'button';
  b.dataset['line'] = String(line);
  b.addEventListener('click', (e) => {
    e.stopPropagation();
    options.onRevealLine(line);
  });
  return b;
}

/** Renders every panel of `analysis`. */
export function renderAnalysis(analysis: Analysis, options: PanelOptions): void {
  renderWarnings(analysis, options);
  renderLint(analysis, options);
  renderAgents(analysis);
  renderResults(analysis, options);
  renderAiCrawlers(analysis);
  renderDirectives(analysis, options);
  renderGraph(analysis, options);
}

function renderWarnings(analysis: Analysis, options: PanelOptions): void {
  $('warnings').replaceChildren(
    ...analysis.warnings.map((w) => {
      const div = make('div', `warning ${w.code}`, `${w.message} `);
      div.dataset['kind'] = w.code;
      div.append(lineLink(w.line, `line ${w.line}`, options));
      return div;
    }),
  );
}

function renderLint(analysis: Analysis, options: PanelOptions): void {
  const diagnostics = analysis.diagnostics;
  $('lint-count').textContent = diagnostics.length === 0 ? '(no findings)' : `(${diagnostics.length.toLocaleString('en')})`;
  const items = diagnostics.slice(0, MAX_ROWS).map((d) => {
    const li = make('li', `diag-${d.severity}`);
    li.dataset['line'] = String(d.line);
    li.dataset['code'] = d.code;
    li.append(lineLink(d.line, `line ${d.line}`, options), make('span', 'severity', d.severity), make('span', '', `${d.message.replace(/^line \d+: /, '')} `), make('code', '', d.code));
    return li;
  });
  if (diagnostics.length > MAX_ROWS) items.push(make('li', 'more', `… and ${(diagnostics.length - MAX_ROWS).toLocaleString('en')} more`));
  $('diagnostics').replaceChildren(...items);
}

function renderAgents(analysis: Analysis): void {
  $('agent-groups').replaceChildren(
    ...analysis.agents.map((a) => {
      const li = make('li', `selection-${a.selection}`);
      li.dataset['agent'] = a.agent;
      li.dataset['group'] = String(a.groupIndex);
      li.append(make('strong', '', a.agent), make('span', '', a.token === a.agent ? '' : ` (token ${a.token})`));
      if (!a.tokenRecognised) li.append(make('span', 'agent-warning', ` ⚠ no crawler product token recognised: checked as "${a.token}"`));
      li.append(make('span', '', ` obeys ${a.groupIndex >= 0 ? `group #${a.groupIndex}, ` : ''}${a.reason}`));
      if (a.crawlDelay !== undefined) li.append(make('span', 'delay', ` · crawl-delay ${a.crawlDelay} s`));
      return li;
    }),
  );
}

function renderResults(analysis: Analysis, options: PanelOptions): void {
  const rows = analysis.results.slice(0, MAX_ROWS).map((r, index) => {
    const tr = make('tr', `${r.allowed ? 'allowed' : 'disallowed'}${index === options.selectedResult ? ' selected' : ''}`);
    const agent = analysis.agents[r.agentIndex];
    tr.dataset['url'] = r.url;
    tr.dataset['agent'] = agent?.agent ?? '';
    tr.dataset['verdict'] = r.allowed ? 'allowed' : 'disallowed';
    tr.dataset['line'] = String(r.rule?.line ?? 0);
    tr.tabIndex = 0;
    tr.append(
      make('td', 'verdict', r.allowed ? 'allowed' : 'disallowed'),
      make('td', '', agent?.agent ?? ''),
      make('td', 'url', r.url),
      make('td', 'rule', r.reason),
    );
    if (analysis.hasPreferences) {
      tr.append(make('td', 'preferences', r.preferences === '' ? '-' : r.preferences));
      tr.dataset['preferences'] = r.preferences;
    }
    tr.addEventListener('click', () => options.onSelectResult(index));
    tr.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') options.onSelectResult(index);
    });
    return tr;
  });
  ($('results').querySelector('tbody') as HTMLElement).replaceChildren(...rows);
  $('usage-head').hidden = !analysis.hasPreferences;
  fitTableHeight();
  const total = analysis.results.length;
  $('results-note').textContent =
    total === 0 ? 'Add a crawler and a URL to see verdicts.' : total > MAX_ROWS ? `Showing ${MAX_ROWS} of ${total.toLocaleString('en')} verdicts.` : '';
}

/**
 * Caps the verdict table's box at {@link TABLE_MAX_VIEWPORT} of the window, at the bottom of the
 * last row that fits whole, so that no row is cut in half at the edge.
 */
export function fitTableHeight(): void {
  const wrap = $('results').parentElement as HTMLElement;
  wrap.style.maxHeight = '';
  const limit = window.innerHeight * TABLE_MAX_VIEWPORT;
  if (wrap.scrollHeight <= limit) return;
  // Row bottoms relative to the top of the box's content, whatever it is scrolled to.
  const top = wrap.getBoundingClientRect().top + wrap.clientTop - wrap.scrollTop;
  let bottom = ($('results').querySelector('thead') as HTMLElement).getBoundingClientRect().height;
  for (const tr of Array.from(($('results').querySelector('tbody') as HTMLTableSectionElement).rows)) {
    const b = tr.getBoundingClientRect().bottom - top;
    if (b > limit) break;
    bottom = b;
  }
  wrap.style.maxHeight = `${Math.ceil(bottom + wrap.offsetHeight - wrap.clientHeight)}px`;
}

/** The "AI crawlers" panel: one table per kind, one row per crawler, one cell per URL checked. */
function renderAiCrawlers(analysis: Analysis): void {
  const panel = analysis.aiCrawlers;
  const unchecked = panel.unchecked === 0 ? '' : `; ${panel.unchecked} more URL${panel.unchecked === 1 ? '' : 's'} not checked here (the verdicts above have them)`;
  $('ai-summary').textContent = `(${panel.summary.blocked} of ${panel.summary.crawlers} blocked at ${panel.urls[0] ?? '/'}, ${panel.summary.blockedByStar} of them only through *${unchecked})`;
  const sections = panel.kinds.map((k) => {
    const section = make('section', 'ai-kind');
    section.dataset['kind'] = k.kind;
    const head = make('tr', '');
    head.append(make('th', '', 'crawler'), make('th', '', 'group'), ...panel.urls.map((u) => make('th', 'url', u)));
    const body = k.crawlers.map((c) => {
      const tr = make('tr', '');
      const first = c.rows[0];
      tr.dataset['agent'] = c.name;
      tr.dataset['group'] = first?.group ?? '';
      const name = make('td', 'crawler', c.name);
      name.title = c.function;
      if (first !== undefined && (!first.validToken || first.sharedWith.length > 0)) {
        const why = [!first.validToken ? 'not an RFC 9309 product token' : '', first.sharedWith.length > 0 ? `same token as ${first.sharedWith.join(', ')}` : ''].filter((x) => x !== '');
        const mark = make('span', 'agent-warning', ' ⚠');
        mark.title = `${why.join('; ')}: matched as "${first.token}"`;
        name.append(mark);
      }
      tr.append(name, make('td', 'group', first === undefined || first.group === '' ? 'none' : first.group));
      for (const row of c.rows) {
        const prefs = formatPreferences(row.usage, row.signal);
        const verdict = row.allowed === null ? 'unknown' : row.allowed ? 'allowed' : 'blocked';
        const td = make('td', row.allowed === false ? 'disallowed' : row.allowed === null ? 'unknown' : 'allowed', verdict);
        td.dataset['url'] = row.url;
        td.dataset['verdict'] = verdict;
        td.dataset['preferences'] = prefs;
        if (prefs !== '') td.append(make('small', 'prefs', ` ${prefs}`));
        tr.append(td);
      }
      return tr;
    });
    const table = make('table', 'ai-table');
    const thead = make('thead', '');
    thead.append(head);
    const tbody = make('tbody', '');
    tbody.append(...body);
    table.append(thead, tbody);
    section.append(make('h3', '', `${k.title} (${k.crawlers.length})`), table);
    return section;
  });
  $('ai-kinds').replaceChildren(...sections);
}

function renderDirectives(analysis: Analysis, options: PanelOptions): void {
  const notRobots = analysis.warnings.find((w) => w.code === 'html' || w.code === 'binary');
  if (notRobots !== undefined) {
    // An HTML page or binary data is not a robots.txt: its "key: value" lines are not directives.
    const what = notRobots.code === 'html' ? 'an HTML page' : 'binary data';
    const note = (n: number): HTMLLIElement => make('li', 'none', `not listed: the body is ${what}, not a robots.txt${n > 0 ? ` (${n} line(s) read as such)` : ''}`);
    $('sitemaps').replaceChildren(note(analysis.sitemaps.length));
    $('others').replaceChildren(note(analysis.others.length));
    return;
  }
  const sitemaps = analysis.sitemaps.map((s) => {
    const li = make('li', '');
    li.append(lineLink(s.line, `line ${s.line}`, options), make('span', '', ` ${s.url}`));
    return li;
  });
  $('sitemaps').replaceChildren(...(sitemaps.length > 0 ? sitemaps : [make('li', 'none', 'none')]));
  const others = analysis.others.slice(0, MAX_ROWS).map((d) => {
    const li = make('li', '');
    li.append(lineLink(d.line, `line ${d.line}`, options), make('span', '', ` ${d.key}: ${d.value}`));
    return li;
  });
  $('others').replaceChildren(...(others.length > 0 ? others : [make('li', 'none', 'none')]));
}

function renderGraph(analysis: Analysis, options: PanelOptions): void {
  const answer = analysis.graph;
  const host = $('graph');
  const summary = $('graph-summary');
  if (answer === undefined) {
    summary.textContent = analysis.agents.length === 0 ? 'Add a crawler to see its group.' : 'This crawler obeys no group: every URL is allowed, there is no automaton.';
    host.replaceChildren();
    return;
  }
  const g = answer.graph;
  const deciding = g.nodes.filter((n) => n.decides.length > 0).length;
  const drawn = drawAutomaton(g, { allEdges: options.allEdges, rules: new Map(answer.rules.map((r) => [r.id, r])) });
  summary.textContent =
    `Group #${answer.groupIndex}: ${answer.ruleCount.toLocaleString('en')} rule(s); automaton of ${(g.nodes.length + g.omitted).toLocaleString('en')} node(s)` +
    (g.omitted > 0 ? `, the first ${g.nodes.length} drawn (${g.omitted.toLocaleString('en')} omitted)` : '') +
    `, ${g.edges.length.toLocaleString('en')} transition(s) among them, ${deciding} deciding node(s)` +
    (g.scans.length > 0 ? `, ${g.scans.length} segment scan(s)` : '') +
    (drawn.hiddenEdges > 0 ? `; ${drawn.hiddenEdges.toLocaleString('en')} fall-back transition(s) not drawn, chains folded` : '') + '.';
  drawn.svg.querySelectorAll<SVGTextElement>('text.caption').forEach((t) => {
    t.addEventListener('click', () => options.onRevealLine(Number(t.dataset['line'])));
  });
  const lineOf = new Map(answer.rules.map((r) => [r.id, r.line]));
  const scans = g.scans.map((s) => {
    const li = make('li', '', `from node ${s.from}: line ${lineOf.get(s.ruleId) ?? '?'} scans for ${s.segments.map((x) => JSON.stringify(x)).join(' then ')}${s.anchored ? ' at the end' : ''}`);
    li.dataset['line'] = String(lineOf.get(s.ruleId) ?? '');
    return li;
  });
  host.replaceChildren(drawn.svg, ...(scans.length > 0 ? [make('ul', 'scans')] : []));
  host.querySelector('ul.scans')?.replaceChildren(...scans);
}
