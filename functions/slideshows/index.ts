export { toSlideshow } from './service';
