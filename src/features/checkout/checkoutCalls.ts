/**
 * The checkout's calls: RTK Query's api slice with the endpoints the page uses. A chunk of its own,
 * loaded on the form's first use (checkoutStore.ts), so a buyer's phone does not download RTK Query
 * before the page can be seen and filled.
 */
export { apiSlice } from '../../api/apiSlice';
export { cepApi } from '../../api/cepApi';
export { checkoutApi } from '../../api/checkoutApi';
