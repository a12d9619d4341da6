/** The window's entry: one <lich-app> fills the page. */
import "./components/lich-app/lich-app.js"

document.body.append(document.createElement("lich-app"))
