export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
/** Password of the technical user `systeme` (SYSTEM_PASSWORD) in the browser tests. */
export const E2E_SYSTEM_PASSWORD = 'e2e-system-password';
