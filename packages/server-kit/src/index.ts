export { bodyStillArriving, closeGracefullyAfterEarlyAnswer, DEFAULT_LINGER, lingerThenClose, type LingerLimits } from './early-answer.js';
