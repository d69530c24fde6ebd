// The part of jsdom's API the GraphiQL page test uses. @types/jsdom is not installed: it
// adds the DOM library to every test's globals, whose fetch types clash with Node's.
declare module 'jsdom' {
  export interface FetchOptions {
    element?: unknown;
  }

  export class ResourceLoader {
    fetch(url: string, options: FetchOptions): Promise<Buffer> | null;
  }

  export class VirtualConsole {
    on(event: 'jsdomError', listener: (error: Error) => void): this;
  }

  export interface DomElement {
    readonly textContent: string | null;
    click(): void;
  }

  export interface DOMWindow {
    readonly document: { querySelector(selector: string): DomElement | null; readonly body: object };
    readonly Range: { readonly prototype: object };
    readonly MutationObserver: new (callback: () => void) => { observe(target: object, options: Record<string, boolean>): void; disconnect(): void };
    close(): void;
  }

  export interface FromUrlOptions {
    runScripts?: 'dangerously' | 'outside-only';
    resources?: ResourceLoader | 'usable';
    pretendToBeVisual?: boolean;
    virtualConsole?: VirtualConsole;
    beforeParse?: (window: DOMWindow) => void;
  }

  export class JSDOM {
    static fromURL(url: string, options?: FromUrlOptions): Promise<JSDOM>;
    readonly window: DOMWindow;
  }
}
