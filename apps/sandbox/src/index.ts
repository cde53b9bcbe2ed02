export { buildSandbox, type SandboxOptions } from './app.ts';
export { loadSandboxConfig, sandboxConfigSchema, type SandboxConfig } from './config.ts';
export { sandboxPeople, sandboxPersonRoles, type SandboxPerson, type SandboxPersonRole } from './state/people.ts';
export { timeoutHoldMs } from './routes/register-conditions.ts';
