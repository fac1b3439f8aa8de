/**
 * The CommonJS entry (built only by tsconfig.cjs.json): `require('@robomata/robots-parser')` returns
 * the function itself, as robots-parser's does, with the named exports as its properties.
 */
import { robotsParser as parse } from './robots-parser.js';
import type * as types from './robots-parser.js';

/** robots-parser 3's call: `robotsParser(url, contents)` (see robots-parser.ts). */
const robotsParser = Object.assign(
  (url: string, contents: string, options?: types.RobotsParserOptions): types.RobomataRobot => parse(url, contents, options),
  { robotsParser: parse, default: parse },
);

// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace robotsParser {
  type Robot = types.Robot;
  type RobomataRobot = types.RobomataRobot;
  type RobotsParserOptions = types.RobotsParserOptions;
  type ParseWarning = types.ParseWarning;
}

export = robotsParser;
