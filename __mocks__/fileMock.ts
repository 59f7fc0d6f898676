// Stand-in for image and font imports under jest: components only need a URL string.
const fileMock = 'test-file-stub';
export default fileMock;
