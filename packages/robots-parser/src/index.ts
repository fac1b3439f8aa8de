/**
 * `@robomata/robots-parser`: a drop-in for robots-parser 3 answered by robomata. ESM:
 * `import robotsParser from '@robomata/robots-parser'`; CommonJS: `require('@robomata/robots-parser')`
 * returns the function itself (see require.ts).
 */
import { robotsParser } from './robots-parser.js';

export { robotsParser } from './robots-parser.js';
export type { ParseWarning, Robot, RobomataRobot, RobotsParserOptions } from './robots-parser.js';
export type { ProductToken } from '@robomata/runtime';
export default robotsParser;
