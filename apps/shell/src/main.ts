// The async boundary lets Module Federation negotiate shared singletons
// (react, the libs, ...) before any of them is evaluated.
void import('./bootstrap');
