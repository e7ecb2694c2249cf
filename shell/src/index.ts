// The async boundary Module Federation needs: shared singletons (react, the router, the bus) are
// negotiated with the remotes while this chunk loads, so nothing consumes them eagerly.
import('./bootstrap');
