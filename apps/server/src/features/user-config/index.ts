/**
 * The public surface of features/user-config beyond its service:
 * the repository the graph transport wires and its row types.
 * Everything else in this folder is internal (eslint.config.js, server-boundaries block).
 */
export { createUserConfigRepository, type UserConfigRow, type UserSummary } from './user-config.repository';
