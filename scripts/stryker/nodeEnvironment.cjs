// The server project's test environment with Stryker's hooks, so mutants are traced to the tests that
// reach them ('perTest'): Stryker only swaps the top-level testEnvironment, not each project's.
const { mixinJestEnvironment } = require('@stryker-mutator/jest-runner');
const NodeEnvironment = require('jest-environment-node').default;

module.exports = mixinJestEnvironment(NodeEnvironment);
