/**
 * The Web Worker that compiles and analyses off the main thread, so typing stays responsive on
 * a 500 KiB robots.txt. Messages: `{ id, input }` in, `{ id, analysis }` or `{ id, error }` out.
 */
import { Analyzer, type AnalysisInput } from './analyze.js';

const analyzer = new Analyzer();

self.addEventListener('message', (event: MessageEvent<{ id: number; input: AnalysisInput }>) => {
  const { id, input } = event.data;
  try {
    self.postMessage({ id, analysis: analyzer.analyze(input) });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
