/**
 * The sandbox (MF registers, payment provider, mailbox) for a package's own tests of its HTTP clients:
 * a package never imports an app, so it reaches the sandbox through this test-support package (D-1551).
 */
export { buildSandbox, loadSandboxConfig, sandboxPeople, type SandboxPerson } from '@casino/sandbox';
export type { App as SandboxApp } from '@casino/http';
