/**
 * Swagger 2.0 documents, still a large share of real descriptions, are converted to OpenAPI 3.0
 * on load (swagger2openapi): Petstore 2.0 (body, query, path, header, formData and file
 * parameters, produces/consumes, apiKey and OAuth2 security, definitions) generates a package
 * that type-checks under strict, with the shapes 2.0 meant.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePackage } from '../../generator/pipeline.js';
import { generateToDisk, typeCheckPackage, writeSpec } from '../helpers/generate.js';
import { repoRoot } from '../helpers/spec-files.js';

const petstore = join(repoRoot, 'test', 'generator', 'fixtures', 'swagger2', 'petstore.yaml');

describe('a Swagger 2.0 document', () => {
  it('generates every target from Petstore 2.0, and the package type-checks', async () => {
    const { output, dir } = await generateToDisk(petstore, 'petstore-two');
    const operations = output.files.get('src/operations.ts')!;
    // host, basePath and schemes become servers; formData becomes a form or multipart body; a file part is binary.
    expect(output.files.get('src/api-info.ts')).toContain("servers: [{ url: 'https://petstore.example.com/v2' }, { url: 'http://petstore.example.com/v2' }]");
    expect(operations).toMatch(/updatePetWithFormOperation = \{[\s\S]*?contentTypes: \['application\/x-www-form-urlencoded'\]/);
    expect(operations).toMatch(/uploadFileOperation = \{[\s\S]*?contentTypes: \['multipart\/form-data'\]/);
    // collectionFormat multi is an exploded form array.
    expect(operations).toMatch(/findPetsByStatusOperation = \{[\s\S]*?name: 'status',[\s\S]*?style: 'form',[\s\S]*?explode: true/);
    const types = output.files.get('src/types.ts')!;
    expect(types).toMatch(/export interface Pet \{/);
    expect(types).toMatch(/status\?: 'available' \| 'pending' \| 'sold'/);
    await typeCheckPackage(dir);
  }, 120_000);

  it('that cannot be converted is refused with the converter\'s reason, exit 2 material (a SpecError), not a generator bug', async () => {
    const file = writeSpec({ swagger: '2.0', info: { title: 'Broken', version: '1' }, paths: {}, definitions: { A: { $ref: '#/definitions/B' } } }, 'swagger2-broken');
    await expect(generatePackage({ file, name: 'swagger2-broken' })).rejects.toThrow(/swagger2-broken-\w+\.openapi\.yaml:1 \(at #\): this Swagger 2\.0 document cannot be converted to OpenAPI 3: Could not resolve reference #\/definitions\/B/);
  });
});
