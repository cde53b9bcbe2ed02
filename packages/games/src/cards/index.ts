export * from './card.ts';
export { isOrderOfShoe, shoeDecksMax, shoeOf } from './shoe.ts';
