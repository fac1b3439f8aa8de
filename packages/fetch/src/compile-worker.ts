/**
 * Worker-thread entry of {@link compileArtifact} (./compile-artifact.ts): compiles each body it
 * is sent and posts the artifact back (transferred, not copied), or the compiler's message.
 */

import { parentPort } from 'node:worker_threads';
import { compile } from '@robomata/compiler';
import type { _CompileReply, _CompileRequest } from './compile-artifact.js';

parentPort?.on('message', (request: _CompileRequest) => {
  let reply: _CompileReply;
  try {
    const artifact = compile(request.body, { profile: request.profile, maxBytes: request.maxBytes });
    reply = { id: request.id, artifact, error: undefined };
  } catch (err) {
    reply = { id: request.id, artifact: undefined, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(reply, reply.artifact !== undefined ? [reply.artifact.buffer as ArrayBuffer] : []);
});
