/**
 * The kinds of change where the API diff disagreed with oasdiff on pairs it was not written for
 * (oasdiff's own checker tests; `npm run diff-reference` measures them all). Each pair is a whole
 * small document before and after, written as an API's author would write it, asserting our
 * verdict (the highest level among the changes) and the oasdiff check the change is named by.
 * Where we judge otherwise on purpose, `deliberate` says why; the README's table says so too.
 */
import { describe, expect, it } from 'vitest';
import type { Level } from '../../generator/diff/rules.js';
import { diffTexts } from './helpers.js';

type Verdict = Level | 'none';

interface Case {
  name: string;
  base: string;
  head: string;
  verdict: Verdict;
  /** The oasdiff check a change must be named by. */
  oasdiffId?: string;
  /** Where oasdiff judges otherwise: its verdict, and why ours is the better one for a caller. */
  deliberate?: { oasdiff: Verdict; why: string };
}

/** Strips the indentation the template literals carry in this file. */
function doc(text: string): string {
  const lines = text.replace(/^\n/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length));
  return lines.map((l) => l.slice(indent)).join('\n');
}

const verdictOf = (levels: Level[]): Verdict => (levels.includes('breaking') ? 'breaking' : levels.includes('warning') ? 'warning' : levels.length > 0 ? 'info' : 'none');

const CASES: Case[] = [
  {
    name: 'a pattern added to a property of the items of a request array',
    base: doc(`
      openapi: 3.1.0
      info: { title: Orders, version: 1.0.0 }
      paths:
        /orders:
          post:
            operationId: createOrders
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: array
                    items:
                      type: object
                      properties:
                        sku: { type: string }
            responses:
              '201': { description: Created }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Orders, version: 1.0.1 }
      paths:
        /orders:
          post:
            operationId: createOrders
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: array
                    items:
                      type: object
                      properties:
                        sku: { type: string, pattern: '^[A-Z]{3}-[0-9]+$' }
            responses:
              '201': { description: Created }
    `),
    verdict: 'breaking',
    oasdiffId: 'request-property-pattern-added',
  },
  {
    name: 'a pattern added to a header parameter',
    base: doc(`
      openapi: 3.0.3
      info: { title: Files, version: '1' }
      paths:
        /files/{id}:
          get:
            parameters:
              - { name: id, in: path, required: true, schema: { type: string } }
              - { name: X-Trace, in: header, schema: { type: string } }
            responses:
              '200': { description: OK }
    `),
    head: doc(`
      openapi: 3.0.3
      info: { title: Files, version: '1' }
      paths:
        /files/{id}:
          get:
            parameters:
              - { name: id, in: path, required: true, schema: { type: string } }
              - { name: X-Trace, in: header, schema: { type: string, pattern: '^[0-9a-f]{32}$' } }
            responses:
              '200': { description: OK }
    `),
    verdict: 'breaking',
    oasdiffId: 'request-parameter-pattern-added',
  },
  {
    name: 'maximum decreased on a query parameter',
    base: doc(`
      openapi: 3.0.3
      info: { title: Search, version: '1' }
      paths:
        /search:
          get:
            parameters:
              - name: limit
                in: query
                schema: { type: integer, minimum: 1, maximum: 100 }
            responses:
              '200': { description: OK }
    `),
    head: doc(`
      openapi: 3.0.3
      info: { title: Search, version: '1' }
      paths:
        /search:
          get:
            parameters:
              - name: limit
                in: query
                schema: { type: integer, minimum: 1, maximum: 50 }
            responses:
              '200': { description: OK }
    `),
    verdict: 'breaking',
    oasdiffId: 'request-parameter-max-decreased',
  },
  {
    name: 'maxItems decreased on a query parameter that is a list',
    base: doc(`
      openapi: 3.0.3
      info: { title: Search, version: '1' }
      paths:
        /search:
          get:
            parameters:
              - { name: tag, in: query, schema: { type: array, items: { type: string }, maxItems: 10 } }
            responses:
              '200': { description: OK }
    `),
    head: doc(`
      openapi: 3.0.3
      info: { title: Search, version: '1' }
      paths:
        /search:
          get:
            parameters:
              - { name: tag, in: query, schema: { type: array, items: { type: string }, maxItems: 3 } }
            responses:
              '200': { description: OK }
    `),
    verdict: 'breaking',
    oasdiffId: 'request-parameter-max-items-decreased',
  },
  {
    name: 'maximum written on a list parameter (a keyword arrays ignore), decreased',
    base: doc(`
      openapi: 3.0.1
      info: { title: Groups, version: '2.0' }
      paths:
        /groups:
          get:
            parameters:
              - { name: category, in: query, schema: { type: array, items: { type: string }, maximum: 10 } }
            responses:
              '200': { description: OK }
    `),
    head: doc(`
      openapi: 3.0.1
      info: { title: Groups, version: '2.0' }
      paths:
        /groups:
          get:
            parameters:
              - { name: category, in: query, schema: { type: array, items: { type: string }, maximum: 5 } }
            responses:
              '200': { description: OK }
    `),
    verdict: 'breaking',
    oasdiffId: 'request-parameter-max-decreased',
  },
  {
    name: "a query parameter's default changed",
    base: doc(`
      openapi: 3.1.0
      info: { title: Reports, version: '1' }
      paths:
        /reports:
          get:
            parameters:
              - { name: period, in: query, schema: { type: string, default: month } }
            responses:
              '200': { description: OK }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Reports, version: '1' }
      paths:
        /reports:
          get:
            parameters:
              - { name: period, in: query, schema: { type: string, default: week } }
            responses:
              '200': { description: OK }
    `),
    verdict: 'breaking',
    oasdiffId: 'request-parameter-default-value-changed',
  },
  {
    name: "a request body property's default changed",
    base: doc(`
      openapi: 3.1.0
      info: { title: Reports, version: '1' }
      paths:
        /reports:
          post:
            requestBody:
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      format: { type: string, default: pdf }
            responses:
              '202': { description: Accepted }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Reports, version: '1' }
      paths:
        /reports:
          post:
            requestBody:
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      format: { type: string, default: csv }
            responses:
              '202': { description: Accepted }
    `),
    verdict: 'info',
    oasdiffId: 'request-property-default-value-changed',
  },
  {
    name: 'an allOf part that adds a constraint, added to a request property',
    base: doc(`
      openapi: 3.1.0
      info: { title: Accounts, version: '1' }
      paths:
        /accounts:
          post:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      code:
                        allOf:
                          - $ref: '#/components/schemas/Code'
            responses:
              '201': { description: Created }
      components:
        schemas:
          Code: { type: string, minLength: 2 }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Accounts, version: '1' }
      paths:
        /accounts:
          post:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      code:
                        allOf:
                          - $ref: '#/components/schemas/Code'
                          - $ref: '#/components/schemas/Short'
            responses:
              '201': { description: Created }
      components:
        schemas:
          Code: { type: string, minLength: 2 }
          Short: { type: string, pattern: '^[a-z]+$' }
    `),
    verdict: 'breaking',
    oasdiffId: 'request-property-all-of-added',
  },
  {
    name: 'an allOf part that repeats what the others say, added to a request body',
    base: doc(`
      openapi: 3.0.0
      info: { title: Pets, version: 1.0.0 }
      paths:
        /pets:
          post:
            requestBody:
              content:
                application/json:
                  schema:
                    allOf:
                      - $ref: '#/components/schemas/Dog'
                      - $ref: '#/components/schemas/Cat'
            responses:
              '200': { description: Updated }
      components:
        schemas:
          Dog: { type: object, properties: { name: { type: string }, barks: { type: boolean } } }
          Cat: { type: object, properties: { name: { type: string } } }
    `),
    head: doc(`
      openapi: 3.0.0
      info: { title: Pets, version: 1.0.0 }
      paths:
        /pets:
          post:
            requestBody:
              content:
                application/json:
                  schema:
                    allOf:
                      - $ref: '#/components/schemas/Dog'
                      - $ref: '#/components/schemas/Cat'
                      - $ref: '#/components/schemas/Rabbit'
            responses:
              '200': { description: Updated }
      components:
        schemas:
          Dog: { type: object, properties: { name: { type: string }, barks: { type: boolean } } }
          Cat: { type: object, properties: { name: { type: string } } }
          Rabbit: { type: object, properties: { name: { type: string } } }
    `),
    verdict: 'none',
    deliberate: { oasdiff: 'breaking', why: 'every value the body accepted before it still accepts: the added part asks nothing the others do not (names are not shapes)' },
  },
  {
    name: "a response property's const changed",
    base: doc(`
      openapi: 3.1.0
      info: { title: Status, version: '1' }
      paths:
        /status:
          get:
            responses:
              '200':
                description: OK
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        api: { const: v1 }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Status, version: '1' }
      paths:
        /status:
          get:
            responses:
              '200':
                description: OK
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        api: { const: v2 }
    `),
    verdict: 'breaking',
    oasdiffId: 'response-property-const-changed',
  },
  {
    name: 'a oneOf variant added to a response property',
    base: doc(`
      openapi: 3.1.0
      info: { title: Payments, version: '1' }
      paths:
        /payments/{id}:
          get:
            parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
            responses:
              '200':
                description: OK
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        method:
                          oneOf:
                            - $ref: '#/components/schemas/Card'
                            - $ref: '#/components/schemas/Transfer'
      components:
        schemas:
          Card: { type: object, required: [last4], properties: { last4: { type: string } } }
          Transfer: { type: object, required: [iban], properties: { iban: { type: string } } }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Payments, version: '1' }
      paths:
        /payments/{id}:
          get:
            parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
            responses:
              '200':
                description: OK
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        method:
                          oneOf:
                            - $ref: '#/components/schemas/Card'
                            - $ref: '#/components/schemas/Transfer'
                            - $ref: '#/components/schemas/Wallet'
      components:
        schemas:
          Card: { type: object, required: [last4], properties: { last4: { type: string } } }
          Transfer: { type: object, required: [iban], properties: { iban: { type: string } } }
          Wallet: { type: object, required: [provider], properties: { provider: { type: string } } }
    `),
    verdict: 'breaking',
    oasdiffId: 'response-property-one-of-added',
  },
  {
    name: 'an anyOf variant added to a response property',
    base: doc(`
      openapi: 3.1.0
      info: { title: Feed, version: '1' }
      paths:
        /items:
          get:
            responses:
              '200':
                description: OK
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        item:
                          anyOf:
                            - { type: object, required: [text], properties: { text: { type: string } } }
                            - { type: object, required: [url], properties: { url: { type: string } } }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Feed, version: '1' }
      paths:
        /items:
          get:
            responses:
              '200':
                description: OK
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        item:
                          anyOf:
                            - { type: object, required: [text], properties: { text: { type: string } } }
                            - { type: object, required: [url], properties: { url: { type: string } } }
                            - { type: object, required: [video], properties: { video: { type: string } } }
    `),
    verdict: 'warning',
    oasdiffId: 'response-property-any-of-added',
    deliberate: { oasdiff: 'info', why: 'code that handles the known variants, and the generated validators, meet one they do not know' },
  },
  {
    name: 'anyOf members of a request property changed',
    base: doc(`
      openapi: 3.1.0
      info: { title: Contacts, version: '1' }
      paths:
        /contacts:
          post:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      reach:
                        anyOf:
                          - { type: string, format: email }
                          - { type: string, format: uri }
            responses:
              '201': { description: Created }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Contacts, version: '1' }
      paths:
        /contacts:
          post:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      reach:
                        anyOf:
                          - { type: string, format: email }
                          - { type: integer }
            responses:
              '201': { description: Created }
    `),
    verdict: 'breaking',
    oasdiffId: 'request-property-any-of-removed',
  },
  {
    name: 'a `not` that excludes more in a request (its bound widened)',
    base: doc(`
      openapi: 3.1.0
      info: { title: Names, version: '1' }
      paths:
        /names:
          post:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      nick:
                        type: string
                        not: { type: string, maxLength: 2 }
            responses:
              '201': { description: Created }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Names, version: '1' }
      paths:
        /names:
          post:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      nick:
                        type: string
                        not: { type: string, maxLength: 4 }
            responses:
              '201': { description: Created }
    `),
    verdict: 'breaking',
    oasdiffId: 'request-property-max-length-increased',
  },
  {
    name: 'a `not` that excludes less in a request (its bound narrowed)',
    base: doc(`
      openapi: 3.1.0
      info: { title: Names, version: '1' }
      paths:
        /names:
          post:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: object
                    not:
                      type: object
                      required: [legacy]
                      properties:
                        legacy: { type: string, maxLength: 10 }
            responses:
              '201': { description: Created }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Names, version: '1' }
      paths:
        /names:
          post:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: object
                    not:
                      type: object
                      required: [legacy]
                      properties:
                        legacy: { type: string, maxLength: 5 }
            responses:
              '201': { description: Created }
    `),
    verdict: 'info',
    oasdiffId: 'request-property-max-length-decreased',
    deliberate: { oasdiff: 'breaking', why: 'a request is refused when it matches the `not`: a stricter `not` refuses fewer requests, none newly' },
  },
  {
    name: 'a response property whose type became a list of types',
    base: doc(`
      openapi: 3.1.0
      info: { title: Metrics, version: '1' }
      paths:
        /metrics:
          get:
            responses:
              '200':
                description: OK
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        value: { type: integer }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Metrics, version: '1' }
      paths:
        /metrics:
          get:
            responses:
              '200':
                description: OK
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        value: { type: [integer, string] }
    `),
    verdict: 'breaking',
    oasdiffId: 'response-property-list-of-types-widened',
  },
  {
    name: 'a request property whose type became a list of types',
    base: doc(`
      openapi: 3.1.0
      info: { title: Metrics, version: '1' }
      paths:
        /metrics:
          post:
            requestBody:
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      value: { type: integer }
            responses:
              '204': { description: Stored }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Metrics, version: '1' }
      paths:
        /metrics:
          post:
            requestBody:
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      value: { type: [integer, 'null'] }
            responses:
              '204': { description: Stored }
    `),
    verdict: 'info',
    oasdiffId: 'request-property-became-nullable',
  },
  {
    name: 'a deprecated operation removed (no sunset date)',
    base: doc(`
      openapi: 3.0.3
      info: { title: Legacy, version: '1' }
      paths:
        /v1/users:
          get:
            deprecated: true
            responses:
              '200': { description: OK }
        /v2/users:
          get:
            responses:
              '200': { description: OK }
    `),
    head: doc(`
      openapi: 3.0.3
      info: { title: Legacy, version: '2' }
      paths:
        /v2/users:
          get:
            responses:
              '200': { description: OK }
    `),
    verdict: 'info',
    oasdiffId: 'api-path-removed-with-deprecation',
  },
  {
    name: 'a deprecated operation removed before its sunset date',
    base: doc(`
      openapi: 3.0.3
      info: { title: Legacy, version: '1' }
      paths:
        /v1/users:
          get:
            deprecated: true
            x-sunset: '9999-12-31'
            responses:
              '200': { description: OK }
    `),
    head: doc(`
      openapi: 3.0.3
      info: { title: Legacy, version: '2' }
      paths: {}
    `),
    verdict: 'breaking',
    oasdiffId: 'api-path-removed-before-sunset',
  },
  {
    name: 'an operation deprecated without a sunset date',
    base: doc(`
      openapi: 3.0.3
      info: { title: Legacy, version: '1' }
      paths:
        /v1/users:
          get:
            responses:
              '200': { description: OK }
    `),
    head: doc(`
      openapi: 3.0.3
      info: { title: Legacy, version: '1' }
      paths:
        /v1/users:
          get:
            deprecated: true
            responses:
              '200': { description: OK }
    `),
    verdict: 'info',
    oasdiffId: 'endpoint-deprecated',
  },
  {
    name: 'the sunset date of a deprecated parameter removed',
    base: doc(`
      openapi: 3.0.3
      info: { title: Legacy, version: '1' }
      paths:
        /users:
          get:
            parameters:
              - { name: legacyId, in: query, deprecated: true, x-sunset: '2031-01-01', schema: { type: string } }
            responses:
              '200': { description: OK }
    `),
    head: doc(`
      openapi: 3.0.3
      info: { title: Legacy, version: '1' }
      paths:
        /users:
          get:
            parameters:
              - { name: legacyId, in: query, deprecated: true, schema: { type: string } }
            responses:
              '200': { description: OK }
    `),
    verdict: 'breaking',
    oasdiffId: 'request-parameter-sunset-deleted',
  },
  {
    name: "an operation's stability decreased",
    base: doc(`
      openapi: 3.1.0
      info: { title: Beta, version: '1' }
      paths:
        /reports:
          get:
            x-stability-level: stable
            responses:
              '200': { description: OK }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Beta, version: '1' }
      paths:
        /reports:
          get:
            x-stability-level: beta
            responses:
              '200': { description: OK }
    `),
    verdict: 'breaking',
    oasdiffId: 'api-stability-decreased',
  },
  {
    name: 'a required parameter added to an alpha operation',
    base: doc(`
      openapi: 3.1.0
      info: { title: Beta, version: '1' }
      paths:
        /experiments:
          get:
            x-stability-level: alpha
            responses:
              '200': { description: OK }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Beta, version: '1' }
      paths:
        /experiments:
          get:
            x-stability-level: alpha
            parameters:
              - { name: team, in: query, required: true, schema: { type: string } }
            responses:
              '200': { description: OK }
    `),
    verdict: 'info',
    oasdiffId: 'new-required-request-parameter',
  },
  {
    name: 'a value removed from an x-extensible-enum of a request property',
    base: doc(`
      openapi: 3.0.3
      info: { title: Shipping, version: '1' }
      paths:
        /shipments:
          post:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      speed: { type: string, x-extensible-enum: [standard, express, overnight] }
            responses:
              '201': { description: Created }
    `),
    head: doc(`
      openapi: 3.0.3
      info: { title: Shipping, version: '1' }
      paths:
        /shipments:
          post:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      speed: { type: string, x-extensible-enum: [standard, express] }
            responses:
              '201': { description: Created }
    `),
    verdict: 'breaking',
    oasdiffId: 'request-property-x-extensible-enum-value-removed',
  },
  {
    name: 'a request body that is new, with a required property',
    base: doc(`
      openapi: 3.1.0
      info: { title: Jobs, version: '1' }
      paths:
        /jobs:
          post:
            responses:
              '202': { description: Accepted }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Jobs, version: '1' }
      paths:
        /jobs:
          post:
            requestBody:
              content:
                application/json:
                  schema:
                    type: object
                    required: [priority]
                    properties:
                      priority: { type: integer }
            responses:
              '202': { description: Accepted }
    `),
    verdict: 'info',
    oasdiffId: 'request-body-added-optional',
  },
  {
    name: 'a response media type added beside the one there was',
    base: doc(`
      openapi: 3.0.3
      info: { title: Products, version: '1' }
      paths:
        /products:
          get:
            responses:
              '200':
                description: OK
                content:
                  text/csv:
                    schema: { type: string }
    `),
    head: doc(`
      openapi: 3.0.3
      info: { title: Products, version: '1' }
      paths:
        /products:
          get:
            responses:
              '200':
                description: OK
                content:
                  text/csv:
                    schema: { type: string }
                  application/json:
                    schema:
                      type: array
                      items: { type: object, properties: { id: { type: string } } }
    `),
    verdict: 'info',
    oasdiffId: 'response-media-type-added',
  },
  {
    name: 'a writeOnly property of a response schema removed and another made required',
    base: doc(`
      openapi: 3.0.3
      info: { title: Users, version: '1' }
      paths:
        /users/{id}:
          get:
            parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
            responses:
              '200':
                description: OK
                content:
                  application/json:
                    schema: { $ref: '#/components/schemas/User' }
      components:
        schemas:
          User:
            type: object
            properties:
              name: { type: string }
              password: { type: string, writeOnly: true }
              pin: { type: string, writeOnly: true }
    `),
    head: doc(`
      openapi: 3.0.3
      info: { title: Users, version: '1' }
      paths:
        /users/{id}:
          get:
            parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
            responses:
              '200':
                description: OK
                content:
                  application/json:
                    schema: { $ref: '#/components/schemas/User' }
      components:
        schemas:
          User:
            type: object
            required: [pin]
            properties:
              name: { type: string }
              pin: { type: string, writeOnly: true }
    `),
    verdict: 'none',
  },
  {
    name: 'an XML request body whose type went from object to string',
    base: doc(`
      openapi: 3.0.3
      info: { title: Import, version: '1' }
      paths:
        /import:
          post:
            requestBody:
              content:
                application/xml:
                  schema: { type: object }
            responses:
              '202': { description: Accepted }
    `),
    head: doc(`
      openapi: 3.0.3
      info: { title: Import, version: '1' }
      paths:
        /import:
          post:
            requestBody:
              content:
                application/xml:
                  schema: { type: string }
            responses:
              '202': { description: Accepted }
    `),
    verdict: 'info',
    oasdiffId: 'request-body-type-compatible',
  },
  {
    name: 'a number query parameter that became a string',
    base: doc(`
      openapi: 3.0.3
      info: { title: Search, version: '1' }
      paths:
        /search:
          get:
            parameters:
              - { name: page, in: query, schema: { type: number } }
            responses:
              '200': { description: OK }
    `),
    head: doc(`
      openapi: 3.0.3
      info: { title: Search, version: '1' }
      paths:
        /search:
          get:
            parameters:
              - { name: page, in: query, schema: { type: string } }
            responses:
              '200': { description: OK }
    `),
    verdict: 'warning',
    oasdiffId: 'request-parameter-property-type-changed',
  },
  {
    name: 'a string query parameter that became a number',
    base: doc(`
      openapi: 3.0.3
      info: { title: Search, version: '1' }
      paths:
        /search:
          get:
            parameters:
              - { name: page, in: query, schema: { type: string } }
            responses:
              '200': { description: OK }
    `),
    head: doc(`
      openapi: 3.0.3
      info: { title: Search, version: '1' }
      paths:
        /search:
          get:
            parameters:
              - { name: page, in: query, schema: { type: number } }
            responses:
              '200': { description: OK }
    `),
    verdict: 'breaking',
  },
  {
    name: 'a query parameter of two types that became an exploded list of strings',
    base: doc(`
      openapi: 3.1.0
      info: { title: Tokens, version: '1' }
      paths:
        /tokens:
          get:
            parameters:
              - { name: token, in: query, schema: { type: [string, integer] } }
            responses:
              '200': { description: OK }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Tokens, version: '1' }
      paths:
        /tokens:
          get:
            parameters:
              - { name: token, in: query, schema: { type: array, items: { type: string } } }
            responses:
              '200': { description: OK }
    `),
    verdict: 'info',
    oasdiffId: 'request-parameter-type-generalized',
  },
  {
    name: 'a query parameter of two types that became an exploded list of integers',
    base: doc(`
      openapi: 3.1.0
      info: { title: Tokens, version: '1' }
      paths:
        /tokens:
          get:
            parameters:
              - { name: token, in: query, schema: { type: [string, integer] } }
            responses:
              '200': { description: OK }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Tokens, version: '1' }
      paths:
        /tokens:
          get:
            parameters:
              - { name: token, in: query, schema: { type: array, items: { type: integer } } }
            responses:
              '200': { description: OK }
    `),
    verdict: 'breaking',
    oasdiffId: 'request-parameter-type-changed',
  },
  {
    name: 'a variant added first to a request oneOf whose variants are told apart by a pinned property',
    base: doc(`
      openapi: 3.1.0
      info: { title: Chat, version: '1' }
      paths:
        /messages:
          post:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: array
                    items:
                      oneOf:
                        - { type: object, required: [role, content], properties: { role: { const: system }, content: { type: string } } }
                        - { type: object, required: [role, content], properties: { role: { const: user }, content: { type: string } } }
            responses:
              '200': { description: OK }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Chat, version: '1' }
      paths:
        /messages:
          post:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: array
                    items:
                      oneOf:
                        - { type: object, required: [role, content], properties: { role: { const: developer }, content: { type: string }, name: { type: string } } }
                        - { type: object, required: [role, content], properties: { role: { const: system }, content: { type: string }, name: { type: string } } }
                        - { type: object, required: [role, content], properties: { role: { const: user }, content: { type: string }, name: { type: string } } }
            responses:
              '200': { description: OK }
    `),
    verdict: 'info',
    oasdiffId: 'request-property-one-of-added',
  },
  {
    name: 'a global security requirement added to a public API',
    base: doc(`
      openapi: 3.1.0
      info: { title: Quotes, version: '1' }
      paths:
        /quotes:
          get:
            responses:
              '200': { description: OK }
      components:
        securitySchemes:
          key: { type: apiKey, in: header, name: X-API-Key }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Quotes, version: '1' }
      security:
        - key: []
      paths:
        /quotes:
          get:
            responses:
              '200': { description: OK }
      components:
        securitySchemes:
          key: { type: apiKey, in: header, name: X-API-Key }
    `),
    verdict: 'breaking',
    oasdiffId: 'api-security-added',
    deliberate: { oasdiff: 'info', why: 'a caller without credentials is refused where it was served' },
  },
  {
    name: 'a scope added to an operation\'s requirement',
    base: doc(`
      openapi: 3.1.0
      info: { title: Quotes, version: '1' }
      paths:
        /quotes:
          get:
            security:
              - oauth: [quotes.read]
            responses:
              '200': { description: OK }
      components:
        securitySchemes:
          oauth:
            type: oauth2
            flows:
              clientCredentials:
                tokenUrl: https://auth.example.com/token
                scopes: { quotes.read: Read quotes, quotes.history: Read history }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Quotes, version: '1' }
      paths:
        /quotes:
          get:
            security:
              - oauth: [quotes.read, quotes.history]
            responses:
              '200': { description: OK }
      components:
        securitySchemes:
          oauth:
            type: oauth2
            flows:
              clientCredentials:
                tokenUrl: https://auth.example.com/token
                scopes: { quotes.read: Read quotes, quotes.history: Read history }
    `),
    verdict: 'breaking',
    oasdiffId: 'api-security-scope-added',
    deliberate: { oasdiff: 'info', why: 'a caller whose token lacks the new scope is refused' },
  },
  {
    name: 'a security scheme no operation uses any more, removed',
    base: doc(`
      openapi: 3.1.0
      info: { title: Quotes, version: '1' }
      security:
        - key: []
      paths:
        /quotes:
          get:
            responses:
              '200': { description: OK }
      components:
        securitySchemes:
          key: { type: apiKey, in: header, name: X-API-Key }
          basic: { type: http, scheme: basic }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Quotes, version: '1' }
      security:
        - key: []
      paths:
        /quotes:
          get:
            responses:
              '200': { description: OK }
      components:
        securitySchemes:
          key: { type: apiKey, in: header, name: X-API-Key }
    `),
    verdict: 'info',
    oasdiffId: 'api-security-component-removed',
  },
  {
    name: 'a 3.0 response property that may now be null, behind a renamed $ref',
    base: doc(`
      openapi: 3.0.3
      info: { title: Users, version: '1' }
      paths:
        /me:
          get:
            responses:
              '200':
                description: OK
                content:
                  application/json:
                    schema: { $ref: '#/components/schemas/Me' }
      components:
        schemas:
          Me:
            type: object
            properties:
              email: { type: string }
    `),
    head: doc(`
      openapi: 3.0.3
      info: { title: Users, version: '1' }
      paths:
        /me:
          get:
            responses:
              '200':
                description: OK
                content:
                  application/json:
                    schema: { $ref: '#/components/schemas/CurrentUser' }
      components:
        schemas:
          CurrentUser:
            type: object
            properties:
              email: { type: string, nullable: true }
    `),
    verdict: 'breaking',
    oasdiffId: 'response-property-became-nullable',
  },
  {
    name: 'a tighter bound inside additionalProperties of a request body',
    base: doc(`
      openapi: 3.1.0
      info: { title: Labels, version: '1' }
      paths:
        /labels:
          put:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: object
                    additionalProperties: { type: string, maxLength: 64 }
            responses:
              '204': { description: Saved }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Labels, version: '1' }
      paths:
        /labels:
          put:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: object
                    additionalProperties: { type: string, maxLength: 32 }
            responses:
              '204': { description: Saved }
    `),
    verdict: 'breaking',
  },
  {
    name: 'prefixItems removed from a request array',
    base: doc(`
      openapi: 3.1.0
      info: { title: Points, version: '1' }
      paths:
        /points:
          post:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: array
                    prefixItems: [{ type: number }, { type: number }]
                    items: { type: string }
            responses:
              '201': { description: Created }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Points, version: '1' }
      paths:
        /points:
          post:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: array
                    items: { type: string }
            responses:
              '201': { description: Created }
    `),
    verdict: 'breaking',
    oasdiffId: 'request-body-prefix-items-removed',
  },
  {
    name: 'a then branch of a request condition that now requires a property',
    base: doc(`
      openapi: 3.1.0
      info: { title: Shipping, version: '1' }
      paths:
        /shipments:
          post:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      international: { type: boolean }
                      customsCode: { type: string }
                    if: { properties: { international: { const: true } }, required: [international] }
                    then: { properties: { customsCode: { minLength: 1 } } }
            responses:
              '201': { description: Created }
    `),
    head: doc(`
      openapi: 3.1.0
      info: { title: Shipping, version: '1' }
      paths:
        /shipments:
          post:
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      international: { type: boolean }
                      customsCode: { type: string }
                    if: { properties: { international: { const: true } }, required: [international] }
                    then: { properties: { customsCode: { minLength: 1 } }, required: [customsCode] }
            responses:
              '201': { description: Created }
    `),
    verdict: 'breaking',
  },
];

describe('pairs of the kinds where the diff disagreed with oasdiff, written as whole documents', () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.verdict}${c.oasdiffId ? ` (${c.oasdiffId})` : ''}${c.deliberate ? `; oasdiff: ${c.deliberate.oasdiff}` : ''}`, async () => {
      const changes = await diffTexts(c.base, c.head);
      const relevant = changes.filter((change) => change.id !== 'info-version-changed');
      expect(verdictOf(relevant.map((change) => change.level)), JSON.stringify(relevant.map((x) => [x.id, x.level, x.oasdiffId]))).toBe(c.verdict);
      if (c.oasdiffId !== undefined) expect(relevant.map((change) => change.oasdiffId)).toContain(c.oasdiffId);
    });
  }

  it('every deliberate difference says why', () => {
    for (const c of CASES.filter((x) => x.deliberate)) expect(c.deliberate!.why.length, c.name).toBeGreaterThan(20);
  });
});
