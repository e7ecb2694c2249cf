// The async boundary lets federation negotiate the shared singletons (React, the bus) before any of our code runs.
import('./bootstrap');
