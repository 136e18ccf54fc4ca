export { updateOwnAccount } from './service';
