"""Languages: UI text, localized numbers and typography."""
