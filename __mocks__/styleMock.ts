// Stand-in for style imports under jest: styles are irrelevant to behaviour tests.
const styleMock = {};
export default styleMock;
