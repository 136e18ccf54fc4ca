/** The part of swagger-ui-dist's ES bundle that the API reference page uses (it has no types). */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  export default function SwaggerUIBundle(options: {
    domNode: HTMLElement;
    url: string;
    deepLinking?: boolean;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
  }): unknown;
}
