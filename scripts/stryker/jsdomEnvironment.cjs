// The web project's test environment (jest-fixed-jsdom) with Stryker's hooks; see nodeEnvironment.cjs.
const { mixinJestEnvironment } = require('@stryker-mutator/jest-runner');
const FixedJSDOMEnvironment = require('jest-fixed-jsdom');

module.exports = mixinJestEnvironment(FixedJSDOMEnvironment);
