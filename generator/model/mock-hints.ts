/**
 * The roles a document may give an operation for the mock (`x-mock-role`, or `--mock-role`):
 * what the mock does with it. The mock runtime's own role type must list the same (plan.ts checks).
 */
export const MOCK_ROLES = ['create', 'list', 'read', 'update', 'delete', 'action', 'singleton-read', 'singleton-update', 'other'] as const;
export type MockRoleName = (typeof MOCK_ROLES)[number];

export const isMockRole = (value: unknown): value is MockRoleName => typeof value === 'string' && (MOCK_ROLES as readonly string[]).includes(value);
