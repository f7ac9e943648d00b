/** Copy trading's door: the lead trader's nickname on a copied position. */
export { useFollowNickname } from './data';
