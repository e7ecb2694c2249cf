export * from './events.js';
export { EventBus, IncompatibleBusError, getEventBus, isCompatibleContract } from './event-bus.js';
