// Stands in for @types/node in the browser programs (tsconfig.widget.json points its
// typeRoots here). Some browser libraries' declarations reference the Node types
// (`/// <reference types="node" />`, through undici-types): without this, those
// references would bring Node's globals (process, Buffer, require) into widget code,
// where they do not exist at run time. Empty on purpose.
export {}
