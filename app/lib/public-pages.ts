/**
 * The pages shown alike to every anonymous visitor (their `.data` requests too; `/_root.data` is
 * the home page's): cached by the server for anonymous visitors (decision 031), and painted with
 * only the Mantine stylesheets they need (decision 036). Not: booking, payment, subscriptions,
 * sign-up and invitation pages (state or tokens in them), accounts, portals, admin.
 */
export const PUBLIC_PAGE_PATH =
  /^\/(?:|_root|about|services|contact|gallery|amenities|properties|apartments|privacy|terms|property\/[^/.]{1,20})(?:\.data)?$/;
