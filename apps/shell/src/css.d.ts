/** The bundler loads .css imports as text, adopted into a component's shadow root. */
declare module "*.css" {
  const text: string
  export default text
}
