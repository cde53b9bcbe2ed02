import { DomainError } from '@casino/core';
import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies nested deeper than this are refused before they are parsed (issue 14 (9)). No
 * request schema of the platform nests beyond a handful of levels; a body 5,000 levels deep
 * exists only to make some recursive reader (validation, a scan for card numbers, a logger)
 * run out of stack, which answers 500. Refusing it at the parser protects every reader at once.
 */
export const jsonNestingDepthMax = 32;

/** The deepest nesting of arrays and objects in JSON text, counted without recursion or parsing. */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let depthMax = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth++;
      if (depth > depthMax) depthMax = depth;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
  return depthMax;
}

/** Replaces Fastify's JSON parser with the same parser behind a nesting check. */
export function parseJsonWithDepthLimit(app: FastifyInstance): void {
  // Fastify's defaults: a body that sets __proto__ or constructor.prototype is an error.
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const depth = jsonNestingDepth(body as string);
    if (depth > jsonNestingDepthMax) {
      done(new DomainError('validation-failed', `The body is nested ${depth} levels deep; at most ${jsonNestingDepthMax} are accepted.`, { field: 'body' }), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
