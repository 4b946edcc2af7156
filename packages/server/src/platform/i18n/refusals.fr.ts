/**
 * The server's refusals in French, keyed by their English templates (docs/architecture.md#refusal-languages).
 * `{1}`, `{2}`…: the parts the server fills in, in any order here.
 */
export const REFUSALS_FR: Readonly<Record<string, string>> = {
  "'account' is reserved.": "'account' est réservé.",
  "'{1}' is not a domain name.": "« {1} » n'est pas un nom de domaine.",
  "'{1}' is not an e-mail address.": "« {1} » n'est pas une adresse e-mail.",
  '--{1} is required. {2}': '--{1} est requis. {2}',
  'A document cannot be its own parent or ancestor.': 'Un document ne peut être ni son propre parent ni son propre ancêtre.',
  'A request may not contain half of a character (a lone surrogate such as \\ud83d).':
    "Une requête ne peut pas contenir la moitié d'un caractère (un demi-codet isolé comme \\ud83d).",
  'A request may not contain the NUL character (U+0000).': 'Une requête ne peut pas contenir le caractère NUL (U+0000).',
  'A {1} document takes only these child types: {2}.': 'Un document {1} accepte seulement ces types enfants : {2}.',
  'A document type needs a form: form.schema with its fields.': "Un type de document a besoin d'un formulaire : form.schema et ses champs.",
  'A comment is written in your own name: on_behalf_of applies to workflow actions only.':
    'Un commentaire est écrit en votre propre nom : on_behalf_of ne vaut que pour les actions du workflow.',
  'A file has no name.': "Un fichier n'a pas de nom.",
  "A keyword list with the key '{1}' already exists.": 'Une liste de mots-clés avec la clé « {1} » existe déjà.',
  "A metric named '{1}' already exists in this report": 'Un indicateur nommé « {1} » existe déjà dans ce rapport',
  'A multi-site item can add up only sites whose figures you may read.':
    'Un élément multi-sites ne peut additionner que des sites dont vous pouvez lire les chiffres.',
  'A multi-site item needs its sites': 'Un élément multi-sites doit indiquer ses sites',
  'A personal item needs exactly one user': 'Un élément personnel doit indiquer exactement un utilisateur',
  'A part of this address is too long.': 'Une partie de cette adresse est trop longue.',
  'A picture must be a jpg, png or webp image.': 'Une image doit être au format jpg, png ou webp.',
  'A region item needs its region': 'Un élément de région doit indiquer sa région',
  'A region scope needs region_id: a region of this organisation.':
    'Une portée région nécessite region_id : une région de cette organisation.',
  'A request body may not nest objects or arrays more than {1} levels deep.':
    "Le corps d'une requête ne peut pas imbriquer des objets ou des tableaux sur plus de {1} niveaux.",
  'A request body may not contain the keys __proto__, constructor or prototype.':
    "Le corps d'une requête ne peut pas contenir les clés __proto__, constructor ou prototype.",
  'A site item needs its site': 'Un élément de site doit indiquer son site',
  'A site scope needs site_id: a site of this organisation.': 'Une portée site nécessite site_id : un site de cette organisation.',
  'Actions are not available in this organisation.': 'Les actions ne sont pas disponibles dans cette organisation.',
  'An access control entry names an identity or a group, not both.':
    "Une entrée de contrôle d'accès désigne une identité ou un groupe, pas les deux.",
  'An access control entry names an identity or a group.': "Une entrée de contrôle d'accès désigne une identité ou un groupe.",
  'An account with this e-mail address already exists: sign in, or ask your administrator for an invitation.':
    'Un compte avec cette adresse e-mail existe déjà : connectez-vous, ou demandez une invitation à votre administrateur.',
  'An export cannot be grouped': 'Un export ne peut pas être groupé',
  'An identity with that e-mail address already exists.': 'Une identité avec cette adresse e-mail existe déjà.',
  'An invitation to this e-mail address is already pending: resend it from the invitations.':
    'Une invitation à cette adresse e-mail est déjà en attente : renvoyez-la depuis les invitations.',
  "An organisation with the app id '{1}' already exists.": "Une organisation avec l'identifiant d'application « {1} » existe déjà.",
  'Another member of this organisation already has this federated id.':
    'Un autre membre de cette organisation a déjà cet identifiant fédéré.',
  'Argument {1} of {2} must be {3}: {4}': "L'argument {1} de {2} doit être {3} : {4}",
  'At least one file is needed.': 'Au moins un fichier est nécessaire.',
  'At most {1} files can be uploaded at once.': 'Au plus {1} fichiers peuvent être envoyés à la fois.',
  'Automatic translation is not set up: an administrator enters the translation service address in the general settings.':
    "La traduction automatique n'est pas configurée : un administrateur saisit l'adresse du service de traduction dans les paramètres généraux.",
  'Automatic translation services have been disabled by your organisation.':
    'Les services de traduction automatique ont été désactivés par votre organisation.',
  'Bad Request': 'Requête incorrecte',
  'Cannot group by field: {1}': 'Impossible de grouper par le champ : {1}',
  'Cannot group by month of field: {1} (not a date field)': "Impossible de grouper par mois du champ : {1} (ce n'est pas un champ de date)",
  'Cannot index {1}: it holds a list of values, which an index cannot order':
    "Impossible d'indexer {1} : il contient une liste de valeurs, qu'un index ne peut pas ordonner",
  'Cannot index {1}: long text is searched, not indexed': "Impossible d'indexer {1} : un texte long est recherché, pas indexé",
  'Cannot index {1}: not a field of the form schema': "Impossible d'indexer {1} : ce n'est pas un champ du schéma de formulaire",
  'Cannot index {1}: not a field of {2}': "Impossible d'indexer {1} : ce n'est pas un champ de {2}",
  'Cannot order by field: {1}': 'Impossible de trier par le champ : {1}',
  'Cannot require {1}: not a field of the form schema':
    "Impossible de rendre {1} obligatoire : ce n'est pas un champ du schéma de formulaire",
  "Choose your own password to accept: you signed in with a password set by an organisation's administrator, or through an organisation's directory.":
    "Choisissez votre propre mot de passe pour accepter : vous vous êtes connecté(e) avec un mot de passe défini par l'administrateur d'une organisation, ou par l'annuaire d'une organisation.",
  'Condition not met: {1}': 'Condition non remplie : {1}',
  'Created and workflow events are a permanent record in your organisation: they cannot be edited or deleted.':
    'Les événements de création et de flux de travail sont un enregistrement permanent de votre organisation : ils ne peuvent être ni modifiés ni supprimés.',
  'Documents of type {1} exist ({2}): delete them before the schema':
    'Des documents de type {1} existent ({2}) : supprimez-les avant le schéma',
  "Duplicate metric name '{1}'": "Nom d'indicateur en double : '{1}'",
  'E-mail sign-up needs at least one authorised domain.': "L'inscription par e-mail nécessite au moins un domaine autorisé.",
  'Each option needs its own id: {1} is used twice.': 'Chaque option doit avoir son propre identifiant : {1} est utilisé deux fois.',
  'Email or password is blank!': "L'e-mail ou le mot de passe est vide !",
  'Empty name in brackets': 'Nom vide entre crochets',
  'Enter a current code from your authenticator app, or your password.':
    "Saisissez un code actuel de votre application d'authentification, ou votre mot de passe.",
  'Enter the SCIM bearer token again: the SCIM address now points to another server.':
    "Saisissez à nouveau le jeton d'accès SCIM : l'adresse SCIM désigne désormais un autre serveur.",
  'Error deleting mail!': 'Erreur lors de la suppression du courriel !',
  'Federated sign-in is not configured for this organisation.': "La connexion fédérée n'est pas configurée pour cette organisation.",
  "Federated sign-in needs the provider's issuer URL and client id.":
    "La connexion fédérée nécessite l'URL de l'émetteur (issuer) du fournisseur et l'identifiant client (client id).",
  'Field name not allowed: {1}': 'Nom de champ non autorisé : {1}',
  'Field {1} expects {2}': 'Le champ {1} attend {2}',
  "Files of type '.{1}' cannot be uploaded.": 'Les fichiers de type « .{1} » ne peuvent pas être envoyés.',
  'Filter is empty': 'Le filtre est vide',
  'Filter is nested too deeply': 'Le filtre est trop imbriqué',
  'Filter must be a string': 'Le filtre doit être une chaîne de caractères',
  'Formula is empty': 'La formule est vide',
  'Formula is longer than {1} characters': 'La formule dépasse {1} caractères',
  'Formula must be a string': 'La formule doit être une chaîne de caractères',
  'Formula nests deeper than {1} levels': "La formule dépasse {1} niveaux d'imbrication",
  'If your organisation allows sign-up for this address, a link to set up your account is on its way. It is valid for 7 days.':
    "Si votre organisation autorise l'inscription pour cette adresse, un lien pour créer votre compte vous a été envoyé. Il est valable 7 jours.",
  'Internal server error': 'Erreur interne du serveur',
  'Invalid JSON Schema: {1}': 'JSON Schema non valide : {1}',
  'Invalid JSON in request body': 'JSON non valide dans le corps de la requête',
  'Invalid body: provider must NOT have fewer than 1 characters':
    'Corps de la requête non valide : provider doit contenir au moins 1 caractère',
  'Invalid body: {1}': 'Corps de la requête non valide : {1}',
  'Invalid character in filter': 'Caractère non valide dans le filtre',
  'Invalid content length': 'Longueur de contenu non valide',
  'Invalid cursor: ask for the page by its number (start) instead': 'Curseur non valide : demandez plutôt la page par son numéro (start)',
  'Invalid filter': 'Filtre non valide',
  'Invalid filter for {1}: {2}': 'Filtre non valide pour {1} : {2}',
  'Invalid from: a chart spans at most {1} months': 'Paramètre from non valide : un graphique couvre au plus {1} mois',
  'Invalid from: after to': 'Paramètre from non valide : postérieur à to',
  'Invalid group_by: a field appears twice': 'Paramètre group_by non valide : un champ apparaît deux fois',
  'Invalid group_by: a term appears twice': 'Paramètre group_by non valide : un terme apparaît deux fois',
  'Invalid group_by: at most one month term': 'Paramètre group_by non valide : au plus un terme month',
  'Invalid group_by: at most {1} fields': 'Paramètre group_by non valide : au plus {1} champs',
  'Invalid group_by: at most {1} terms': 'Paramètre group_by non valide : au plus {1} termes',
  'Invalid order: at most {1} fields': 'Paramètre order non valide : au plus {1} champs',
  'Invalid order: {1}': 'Paramètre order non valide : {1}',
  'Invalid order: {1} appears twice': 'Paramètre order non valide : {1} apparaît deux fois',
  'Invalid settings: name at least one section ({1}).': 'Paramètres non valides : indiquez au moins une section ({1}).',
  'Invalid headers: {1}': 'En-têtes de la requête non valides : {1}',
  'Invalid params: {1}': "Chemin de l'adresse non valide : {1}",
  'Invalid querystring: {1}': "Paramètres de l'adresse non valides : {1}",
  'Invalid settings: {1}': 'Paramètres non valides : {1}',
  'Invalid username or password.': "Nom d'utilisateur ou mot de passe incorrect.",
  'Invalid value: a comma-separated list of document ids':
    "Valeur non valide : une liste d'identifiants de documents séparés par des virgules est attendue",
  "Invalid workflow condition '{1}': {2}": "Condition de flux de travail non valide '{1}' : {2}",
  'Invalid body: {1} must be string': 'Corps de requête non valide : {1} doit être un texte',
  'Invalid {1} {2}': 'Non valide : {1} {2}',
  'Invalid {1}: the earliest month is {2}': 'Paramètre {1} non valide : le mois le plus ancien est {2}',
  'Invalid {1}: {2} (expected YYYY-MM)': 'Paramètre {1} non valide : {2} (format attendu : YYYY-MM)',
  'Invalid {1}: {2}{3}': 'Requête non valide ({1}) : {2}{3}',
  "Mail connector '{1}': the folder '{2}' does not exist on the mail server.":
    "Connecteur de messagerie « {1} » : le dossier « {2} » n'existe pas sur le serveur de messagerie.",
  "Mail connector '{1}': enter the password or token again: the connector now points to another server.":
    'Connecteur de messagerie « {1} » : saisissez à nouveau le mot de passe ou le jeton : le connecteur désigne désormais un autre serveur.',
  "Mail connector '{1}': the mail server took longer than {2} seconds to answer; the next poll goes on from there.":
    'Connecteur de messagerie « {1} » : le serveur de messagerie a mis plus de {2} secondes à répondre ; la prochaine relève reprendra là où celle-ci s’est arrêtée.',
  "Mail connector '{1}': {2}.": 'Connecteur de messagerie « {1} » : {2}.',
  'My Mail cannot name a trusted mail server: its owner can put any message in their own mailbox, headers included, so no sender of My Mail is verified.':
    "My Mail ne peut pas nommer de serveur de messagerie de confiance : son propriétaire peut mettre n'importe quel message dans sa propre boîte, en-têtes compris, donc aucun expéditeur de My Mail n'est vérifié.",
  'Metric reference cycle: {1}': 'Cycle de références entre indicateurs : {1}',
  'Name the version of the document your changes were made from (meta.version in the body, or an If-Match header), so that nobody’s changes are overwritten.':
    "Indiquez la version du document à partir de laquelle vous avez fait vos modifications (meta.version dans le corps, ou un en-tête If-Match), afin de n'écraser les modifications de personne.",
  'No access control entry with that id can be found.': "Aucune entrée de contrôle d'accès ne correspond à cet identifiant.",
  'No data found for configured metric!': "Aucune donnée trouvée pour l'indicateur configuré !",
  'No document with that reference can be found.': 'Aucun document ne correspond à cette référence.',
  'No event with that reference can be found.': 'Aucun événement ne correspond à cette référence.',
  'No export schema defined for {1}': "Aucun schéma d'export défini pour {1}",
  'No file with that name can be found.': 'Aucun fichier ne porte ce nom.',
  'No form schema found for notification': 'Aucun schéma de formulaire trouvé pour la notification',
  'No form schema found for {1}': 'Aucun schéma de formulaire trouvé pour {1}',
  'No identity with that id can be found.': 'Aucune identité ne correspond à cet identifiant.',
  'No invitation with that id can be found.': 'Aucune invitation ne correspond à cet identifiant.',
  'No mail content found!': 'Aucun contenu de courriel trouvé !',
  'No message with that id can be found.': 'Aucun message ne correspond à cet identifiant.',
  "No organisation has the app id '{1}'.": "Aucune organisation n'a l'identifiant d'application « {1} ».",
  'No review schema found for {1}.  Please check your schema.': 'Aucun schéma de revue trouvé pour {1}.  Vérifiez votre schéma.',
  'No subscription(s) found.': 'Aucun abonnement trouvé.',
  'No such version of this schema.': "Cette version du schéma n'existe pas.",
  'Number out of range {1}': 'Nombre hors limites {1}',
  'Number out of range: {1}': 'Nombre hors limites : {1}',
  'Only indexes added by an administrator can be dropped here': 'Seuls les index ajoutés par un administrateur peuvent être supprimés ici',
  'Only one currency can be the base currency.': 'Une seule devise peut être la devise de référence.',
  'Only the platform operator can suspend or reactivate an organisation or change its licence.':
    "Seul l'opérateur de la plateforme peut suspendre ou réactiver une organisation, ou changer sa licence.",
  'Operator {1} cannot be used on field {2}': "L'opérateur {1} ne peut pas être utilisé sur le champ {2}",
  'Period Closed': 'Période clôturée',
  'Please enter a comment.': 'Veuillez saisir un commentaire.',
  'Please enter a valid OTP code!': 'Veuillez saisir un code OTP valide !',
  'Please enter a valid e-mail address.': 'Veuillez saisir une adresse e-mail valide.',
  'Please enter the company name': 'Veuillez saisir le nom de la société',
  'Please enter the customer schema': 'Veuillez saisir le schéma client',
  'Please enter the schema type': 'Veuillez saisir le type de schéma',
  'Please enter your name': 'Veuillez saisir votre nom',
  "Please sign in with your organisation's account.": 'Veuillez vous connecter avec le compte de votre organisation.',
  'Reporting period has not been created': "La période de rapport n'a pas été créée",
  'Request Header Fields Too Large': "Champs d'en-tête de la requête trop volumineux",
  'Request Timeout': 'Délai de la requête dépassé',
  'Request body is empty': 'Le corps de la requête est vide',
  'Request body is too large': 'Le corps de la requête est trop volumineux',
  'Route {1} {2} not found': 'Route {1} {2} introuvable',
  "S3 GET of '{1}' answered without a body or a Content-Length.": "Le GET S3 de '{1}' a reçu une réponse sans corps ni Content-Length.",
  "S3_BUCKET '{1}' cannot be part of a host name: set S3_FORCE_PATH_STYLE=true.":
    "S3_BUCKET '{1}' ne peut pas faire partie d'un nom d'hôte : définissez S3_FORCE_PATH_STYLE=true.",
  "S3_BUCKET '{1}' is not a valid bucket name.": "S3_BUCKET '{1}' n'est pas un nom de bucket valide.",
  "S3_ENDPOINT must be a URL such as http://127.0.0.1:9000, got '{1}'.":
    "S3_ENDPOINT doit être une URL telle que http://127.0.0.1:9000 ; valeur reçue : '{1}'.",
  "S3_ENDPOINT must be an http or https URL, got '{1}'.": "S3_ENDPOINT doit être une URL http ou https ; valeur reçue : '{1}'.",
  'S3_ENDPOINT must not carry credentials, a query or a fragment (use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY).':
    'S3_ENDPOINT ne doit contenir ni identifiants, ni requête, ni fragment (utilisez S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY).',
  "S3_PREFIX '{1}' may only hold letters, digits, '.', '_', '-' and '/' between names.":
    "S3_PREFIX '{1}' ne peut contenir que des lettres, des chiffres, '.', '_', '-' et '/' entre les noms.",
  "S3_REGION '{1}' is not a region name such as us-east-1.": "S3_REGION '{1}' n'est pas un nom de région tel que us-east-1.",
  'S3_SESSION_TOKEN is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too.':
    "S3_SESSION_TOKEN est défini : S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY doivent donc l'être aussi.",
  'Schema type cannot be changed: create a new schema instead':
    'Le type de schéma ne peut pas être modifié : créez plutôt un nouveau schéma',
  'Schema type must be unique: {1} already exists': 'Le type de schéma doit être unique : {1} existe déjà',
  'Schema type must contain no spaces (underscore advised)': "Le type de schéma ne doit pas contenir d'espaces (tiret bas conseillé)",
  'Schema type must start with a letter and contain only letters, digits and underscores':
    'Le type de schéma doit commencer par une lettre et ne contenir que des lettres, des chiffres et des tirets bas',
  'Schema type {1} is reserved': 'Le type de schéma {1} est réservé',
  'Sign in with your own password to change your authenticator app.':
    "Connectez-vous avec votre propre mot de passe pour changer d'application d'authentification.",
  'Step property {1} is not a field of the form schema': "La propriété d'étape {1} n'est pas un champ du schéma de formulaire",
  'The OTP code has expired or was used too many times. Please sign in again.':
    'Le code OTP a expiré ou a été utilisé trop de fois. Veuillez vous reconnecter.',
  'The OTP code is incorrect.': 'Le code OTP est incorrect.',
  'The app id is 2 to 63 lower-case letters, digits or hyphens, starting with a letter.':
    "L'identifiant d'application comporte de 2 à 63 lettres minuscules, chiffres ou traits d'union, et commence par une lettre.",
  'The base currency cannot be deleted: make another currency the base first.':
    "La devise de référence ne peut pas être supprimée : choisissez d'abord une autre devise de référence.",
  'The company name is required.': 'Le nom de la société est requis.',
  "The content of '{1}' does not match its type (.{2}).": 'Le contenu de « {1} » ne correspond pas à son type (.{2}).',
  'The current password is not correct.': "Le mot de passe actuel n'est pas correct.",
  "The field '{1}' is longer than {2} characters.": 'Le champ « {1} » dépasse {2} caractères.',
  "The field '{1}' is used by the metric '{2}' of the report '{3}': change the metric first.":
    "Le champ « {1} » est utilisé par l'indicateur « {2} » du rapport « {3} » : modifiez d'abord l'indicateur.",
  "The type '{1}' is used by the metric '{2}' of the report '{3}': change the metric first.":
    "Le type « {1} » est utilisé par l'indicateur « {2} » du rapport « {3} » : modifiez d'abord l'indicateur.",
  "The field '{1}' is used by the metric '{2}', which belongs to no report: change the metric first.":
    "Le champ « {1} » est utilisé par l'indicateur « {2} », qui n'appartient à aucun rapport : modifiez d'abord l'indicateur.",
  "The type '{1}' is used by the metric '{2}', which belongs to no report: change the metric first.":
    "Le type « {1} » est utilisé par l'indicateur « {2} », qui n'appartient à aucun rapport : modifiez d'abord l'indicateur.",
  'The date must be between {1}-01-01 and {2}-12-31.': 'La date doit être comprise entre le {1}-01-01 et le {2}-12-31.',
  'The date must be YYYY-MM-DD.': 'La date doit être au format YYYY-MM-DD.',
  'The document version must be a whole number (meta.version or If-Match).':
    'La version du document doit être un nombre entier (meta.version ou If-Match).',
  'The due date must be a date field of the form schema: {1}': "L'échéance doit être un champ de date du schéma de formulaire : {1}",
  'The earliest month is 2000-01.': 'Le mois le plus ancien est 2000-01.',
  "The file '{1}' could not be processed. Check that it opens, or send it in another format.":
    "Le fichier « {1} » n'a pas pu être traité. Vérifiez qu'il s'ouvre, ou envoyez-le dans un autre format.",
  "The file '{1}' has no extension, so its type cannot be checked.":
    "Le fichier « {1} » n'a pas d'extension : son type ne peut pas être vérifié.",
  "The file '{1}' is empty.": 'Le fichier « {1} » est vide.',
  "The file '{1}' is larger than {2} MB.": 'Le fichier « {1} » dépasse {2} Mo.',
  "The file name '{1}' is not allowed.": "Le nom de fichier « {1} » n'est pas autorisé.",
  "The file name '{1}…' is too long.": 'Le nom de fichier « {1}… » est trop long.',
  'The filter has too many CONTAINS or STARTS WITH conditions (at most {1}).':
    'Le filtre contient trop de conditions CONTAINS ou STARTS WITH (au plus {1}).',
  'The filter has too many conditions (at most {1}).': 'Le filtre contient trop de conditions (au plus {1}).',
  'The filter is nested too deeply (at most {1} levels of parentheses and NOT).':
    'Le filtre est trop imbriqué (au plus {1} niveaux de parenthèses et de NOT).',
  'The filter is too long (at most {1} characters).': 'Le filtre est trop long (au plus {1} caractères).',
  "The folder '{1}' is not one of this connector's folders.": 'Le dossier « {1} » ne fait pas partie des dossiers de ce connecteur.',
  "The form schema's type must be object": 'Le type du schéma de formulaire doit être object',
  'The identity to merge into is not a member of this organisation.':
    "L'identité dans laquelle fusionner n'est pas membre de cette organisation.",
  'The new password must differ from the current one.': "Le nouveau mot de passe doit être différent de l'actuel.",
  'The parent document cannot be found.': 'Le document parent est introuvable.',
  'The password must be at least 10 characters long.': 'Le mot de passe doit comporter au moins 10 caractères.',
  'The password must be at least {1} characters long.': 'Le mot de passe doit comporter au moins {1} caractères.',
  'The provider answer could not be verified.': "La réponse du fournisseur n'a pas pu être vérifiée.",
  'The provider must be reached over https.': 'Le fournisseur doit être joint en https.',
  'The provider refused the sign-in.': 'Le fournisseur a refusé la connexion.',
  'The database cannot be reached just now; try again in a moment.':
    'La base de données est injoignable pour le moment ; réessayez dans un instant.',
  'The query took too long; narrow the filter and try again.': 'La requête a pris trop de temps ; affinez le filtre et réessayez.',
  'The report cannot be found.': 'Le rapport est introuvable.',
  'The request could not be read.': "La requête n'a pas pu être lue.",
  'The request took too long to arrive.': 'La requête a mis trop de temps à arriver.',
  "The request's address and headers are over {1} KB; shorten the filter.":
    "L'adresse et les en-têtes de la requête dépassent {1} Ko ; raccourcissez le filtre.",
  'The revision cannot be lower than the current one ({1}).': 'La révision ne peut pas être inférieure à la révision actuelle ({1}).',
  "The rule's folder '{1}' is not one of the connector's folders.":
    'Le dossier « {1} » de la règle ne fait pas partie des dossiers du connecteur.',
  'The scope must be 1 (group), 2 (region) or 3 (site).': 'La portée doit être 1 (groupe), 2 (région) ou 3 (site).',
  'The sign-in answer is incomplete.': 'La réponse de connexion est incomplète.',
  'The sign-in attempt has expired. Please try again.': 'La tentative de connexion a expiré. Veuillez réessayer.',
  'The site cannot be found.': 'Le site est introuvable.',
  'The upload has too many parts.': "L'envoi comporte trop de parties.",
  'There is no Docket account for you in this organisation.': "Vous n'avez pas de compte Docket dans cette organisation.",
  "There is no server task named '{1}'. Tasks: {2}.": "Il n'existe pas de tâche serveur nommée « {1} ». Tâches : {2}.",
  'There is no step to act on.': "Il n'y a aucune étape sur laquelle agir.",
  'There was an error uploading the files.  Please try again.':
    "Une erreur s'est produite lors de l'envoi des fichiers.  Veuillez réessayer.",
  'This document is too large to be made into a PDF.': 'Ce document est trop volumineux pour être mis en PDF.',
  'This type of document has no timeline: it takes no comments or events.':
    "Ce type de document n'a pas de fil d'activité : il ne prend ni commentaires ni événements.",
  'This address is not valid: a percent sign must begin an encoded character.':
    "Cette adresse n'est pas valide : un signe pourcentage doit commencer un caractère encodé.",
  'This approval link has already been used.': "Ce lien d'approbation a déjà été utilisé.",
  'This approval link has expired. Ask the organisation that sent it for a new one.':
    "Ce lien d'approbation a expiré. Demandez-en un nouveau à l'organisation qui l'a envoyé.",
  'This approval link is not valid. Ask the organisation that sent it for a new one.':
    "Ce lien d'approbation n'est pas valide. Demandez-en un nouveau à l'organisation qui l'a envoyé.",
  'This cursor was made for another order of the list: ask for the page by its number (start) instead':
    'Ce curseur a été créé pour un autre tri de la liste : demandez plutôt la page par son numéro (start)',
  'This document has moved on: your approval is no longer needed at this step.':
    "Ce document a avancé : votre approbation n'est plus nécessaire à cette étape.",
  'This document has no workflow.': "Ce document n'a pas de flux de travail.",
  'This document was changed by someone else in the meantime. Refresh it and try again.':
    "Ce document a été modifié par quelqu'un d'autre entre-temps. Actualisez-le et réessayez.",
  'This document was changed by {1} on {2} UTC after you opened it. Reload it, or re-apply your changes to the current version.':
    "Ce document a été modifié par {1} le {2} UTC, après que vous l'avez ouvert. Rechargez-le, ou réappliquez vos modifications à la version actuelle.",
  'This event was deleted: its earlier versions are kept in the audit trail.':
    "Cet événement a été supprimé : ses versions précédentes sont conservées dans la piste d'audit.",
  "This identity also belongs to another organisation: its own settings ({1}) cannot be changed here, only this organisation's {2}.":
    'Cette identité appartient aussi à une autre organisation : ses propres réglages ({1}) ne peuvent pas être modifiés ici, seuls ceux de cette organisation : {2}.',
  'This identity also belongs to another organisation: only its access here can be changed.':
    'Cette identité appartient aussi à une autre organisation : seuls ses accès ici peuvent être modifiés.',
  'This invitation has already been accepted.': 'Cette invitation a déjà été acceptée.',
  "This invitation has expired. Ask the organisation's administrator to send it again.":
    "Cette invitation a expiré. Demandez à l'administrateur de l'organisation de la renvoyer.",
  "This invitation link is not valid. Ask the organisation's administrator for a new one.":
    "Ce lien d'invitation n'est pas valide. Demandez-en un nouveau à l'administrateur de l'organisation.",
  'This invitation was cancelled.': 'Cette invitation a été annulée.',
  'This invitation was sent to another e-mail address: sign in with the account it was sent to.':
    'Cette invitation a été envoyée à une autre adresse e-mail : connectez-vous avec le compte auquel elle a été envoyée.',
  "This keyword list is used by the form '{1}' and cannot be deleted: disable it instead.":
    'Cette liste de mots-clés est utilisée par le formulaire « {1} » et ne peut pas être supprimée : désactivez-la plutôt.',
  'This mail connector does not exist.': "Ce connecteur de messagerie n'existe pas.",
  'This report already has an item for this scope and month': 'Ce rapport a déjà un élément pour cette portée et ce mois',
  'This sign-in is valid for another organisation only. Please sign in again to use this one.':
    "Cette connexion n'est valable que pour une autre organisation. Veuillez vous reconnecter pour utiliser celle-ci.",
  'This sign-in was not started in this browser. Please start again from the sign-in page.':
    "Cette connexion n'a pas été commencée dans ce navigateur. Veuillez recommencer depuis la page de connexion.",
  'This sign-up link has already been used: sign in with your e-mail address and password.':
    "Ce lien d'inscription a déjà été utilisé : connectez-vous avec votre adresse e-mail et votre mot de passe.",
  'This sign-up link has expired. Ask for a new one.': "Ce lien d'inscription a expiré. Demandez-en un nouveau.",
  'This sign-up link is not valid. Ask for a new one.': "Ce lien d'inscription n'est pas valide. Demandez-en un nouveau.",
  'Too many attempts. Please wait a few minutes and try again.': 'Trop de tentatives. Veuillez patienter quelques minutes et réessayer.',
  'Too many failed sign-in attempts. Please try again later.': 'Trop de tentatives de connexion échouées. Veuillez réessayer plus tard.',
  'Too many files are being processed right now. Please try again in a minute.':
    'Trop de fichiers sont en cours de traitement. Veuillez réessayer dans une minute.',
  'Too many messages are being read at once. Please try again shortly.':
    'Trop de messages sont lus en même temps. Veuillez réessayer dans un instant.',
  'Too many PDFs are being made right now. Please try again in a minute.':
    'Trop de PDF sont en cours de création. Veuillez réessayer dans une minute.',
  'Too many sign-up requests. Please try again later.': "Trop de demandes d'inscription. Veuillez réessayer plus tard.",
  'Too many wrong passwords. Please wait a few minutes and try again.':
    'Trop de mots de passe erronés. Veuillez patienter quelques minutes et réessayer.',
  'Unable to import due to missing arguments!': "Impossible d'importer : arguments manquants !",
  'Unable to parse mail content.': "Impossible d'analyser le contenu du courriel.",
  "Unexpected character '{1}'": "Caractère inattendu '{1}'",
  'Unexpected character {1}': 'Caractère inattendu {1}',
  'Unexpected {1}; expected {2}': 'Élément inattendu : {1} ; attendu : {2}',
  'Unexpected {1}{2}': 'Élément inattendu : {1}{2}',
  'Unknown args value: {1}': 'Valeur de args inconnue : {1}',
  'Unknown document type: request': 'Type de document inconnu : request',
  'Unknown document type: {1}': 'Type de document inconnu : {1}',
  'Unknown event type: {1}': "Type d'événement inconnu : {1}",
  "Unknown field '{1}' of type '{2}'": "Champ inconnu '{1}' du type '{2}'",
  'Unknown field: {1}': 'Champ inconnu : {1}',
  "Unknown function '{1}'": "Fonction inconnue '{1}'",
  "Unknown function '{1}'; use {2}": "Fonction inconnue '{1}' ; utilisez {2}",
  'Unknown group members: {1} of them are not members of this organisation.':
    "Membres de groupe inconnus : {1} d'entre eux ne sont pas membres de cette organisation.",
  'Unknown identity: it is not a member of this organisation.': "Identité inconnue : elle n'est pas membre de cette organisation.",
  "Unknown metric '{1}'": "Indicateur inconnu '{1}'",
  'Unknown parameter: {1}': 'Paramètre inconnu : {1}',
  "Unknown type '{1}'": "Type inconnu '{1}'",
  'Unknown variable {1}': 'Variable inconnue {1}',
  'Unsupported content type': 'Type de contenu non pris en charge',
  'Unsupported grant_type: {1}': 'grant_type non pris en charge : {1}',
  "Unterminated name: missing ']'": "Nom non terminé : ']' manquant",
  'Unterminated string': 'Chaîne non terminée',
  'Uploads must be sent as multipart/form-data.': 'Les fichiers doivent être envoyés en multipart/form-data.',
  'Use IS NULL or IS NOT NULL to test for null': 'Utilisez IS NULL ou IS NOT NULL pour tester la valeur null',
  'Use after or before, not both': 'Utilisez after ou before, pas les deux',
  'Use filter or qry, not both': 'Utilisez filter ou qry, pas les deux',
  'You are not a member of any organisation.': "Vous n'êtes membre d'aucune organisation.",
  'You are not a member of this organisation.': "Vous n'êtes pas membre de cette organisation.",
  'You are not allowed to {1} this document: only the users of the current step ({2}) may {3} it.':
    "Vous ne pouvez pas effectuer l'action « {1} » sur ce document : seuls les utilisateurs de l'étape en cours ({2}) peuvent effectuer l'action « {3} ».",
  'You are not allowed to {1} this document: only the users of the current step ({2}) or a {3} of {4} may {5} it.':
    "Vous ne pouvez pas effectuer l'action « {1} » sur ce document : seuls les utilisateurs de l'étape en cours ({2}) ou les titulaires du rôle {3} pour {4} peuvent effectuer l'action « {5} ».",
  'You belong to several organisations: send the app parameter or the X-App header, set to one of: {1}.':
    "Vous appartenez à plusieurs organisations : envoyez le paramètre app ou l'en-tête X-App, avec l'une de ces valeurs : {1}.",
  'You cannot act on behalf of the user who submitted this document.':
    "Vous ne pouvez pas agir au nom de l'utilisateur qui a soumis ce document.",
  'You cannot disable your own account.': 'Vous ne pouvez pas désactiver votre propre compte.',
  'You cannot remove your own last administrator grant: another administrator must do it.':
    "Vous ne pouvez pas retirer votre propre dernier droit d'administrateur : un autre administrateur doit le faire.",
  'You cannot remove yourself from your organisation.': 'Vous ne pouvez pas vous retirer vous-même de votre organisation.',
  'You cannot review this document.': 'Vous ne pouvez pas faire la revue de ce document.',
  'You do not have sufficient access rights to add a child to this document.':
    "Vous n'avez pas les droits suffisants pour ajouter un enfant à ce document.",
  'You do not have access to delete this document!': "Vous n'avez pas le droit de supprimer ce document !",
  'You do not have access to delete this event.': "Vous n'avez pas le droit de supprimer cet événement.",
  'You do not have access to edit this event.': "Vous n'avez pas le droit de modifier cet événement.",
  'You do not have access to this functionality!': "Vous n'avez pas accès à cette fonctionnalité !",
  'You do not have sufficient access rights to administer {1} for your organisation.':
    "Vous ne disposez pas des droits d'accès suffisants pour administrer {1} pour votre organisation.",
  'You do not have sufficient access rights to create this document.':
    "Vous ne disposez pas des droits d'accès suffisants pour créer ce document.",
  'You do not have sufficient access rights to edit this document.':
    "Vous ne disposez pas des droits d'accès suffisants pour modifier ce document.",
  'You do not have sufficient access rights to view this page.':
    "Vous ne disposez pas des droits d'accès suffisants pour afficher cette page.",
  'You have not reviewed this document.': "Vous n'avez pas fait la revue de ce document.",
  'Your account has its own password: sign in with it to accept the invitation.':
    "Votre compte a son propre mot de passe : connectez-vous avec pour accepter l'invitation.",
  "Your account signs in through your organisation's directory: change your password there.":
    "Votre compte se connecte via l'annuaire de votre organisation : changez votre mot de passe là-bas.",
  'Your organisation does not allow personal themes.': "Votre organisation n'autorise pas les thèmes personnels.",
  "Your organisation's storage limit (10 GB) is reached: delete files before uploading more.":
    "La limite de stockage de votre organisation (10 Go) est atteinte : supprimez des fichiers avant d'en envoyer d'autres.",
  'Your session has expired. Please sign in again.': 'Votre session a expiré. Veuillez vous reconnecter.',
  'authorization_code is required': 'authorization_code est requis',
  'client_code is required': 'client_code est requis',
  'display_name: must have required property': 'display_name : est requis',
  'display_name: must not be empty': 'display_name : ne doit pas être vide',
  'idMask must contain {seq} or {seq:N}': 'idMask doit contenir {seq} ou {seq:N}',
  'is invalid': "n'est pas valide",
  'manager: not a member of this organisation.': "manager : n'est pas membre de cette organisation.",
  'meta.version and If-Match name different versions of the document.':
    'meta.version et If-Match désignent des versions différentes du document.',
  'must be a time zone such as Europe/Paris': 'doit être un fuseau horaire tel que Europe/Paris',
  'must have required property': 'est requis',
  "must have required property '{1}'": 'doit contenir le champ requis « {1} »',
  'not a number': "n'est pas un nombre",
  'not a schema': "n'est pas un schéma",
  'nothing answers at {1}:{2}': "rien ne répond à l'adresse {1}:{2}",
  'on_behalf_of must name a user of the current step.': "on_behalf_of doit désigner un utilisateur de l'étape en cours.",
  'parent_id must name an event of the same document.': 'parent_id doit désigner un événement du même document.',
  'plain IMAP without TLS is not allowed by this server: choose TLS or STARTTLS':
    "l'IMAP en clair sans TLS n'est pas autorisé par ce serveur : choisissez TLS ou STARTTLS",
  'refresh_token is required': 'refresh_token est requis',
  'scim_url must not carry a query or fragment.': 'scim_url ne doit contenir ni requête ni fragment.',
  'separateFromSubmitter applies to approve blocks only': "separateFromSubmitter ne s'applique qu'aux blocs approve",
  'system: {1}': 'système : {1}',
  'the TLS connection to {1} failed': 'la connexion TLS à {1} a échoué',
  'the connection to {1}:{2} failed': 'la connexion à {1}:{2} a échoué',
  'the host {1} could not be found': "l'hôte {1} est introuvable",
  'the mail server refused the user name or password': "le serveur de messagerie a refusé le nom d'utilisateur ou le mot de passe",
  'the mail server took longer than {1} seconds to answer': 'le serveur de messagerie a mis plus de {1} secondes à répondre',
  'the mail server took longer than {1} seconds to sign in': 'le serveur de messagerie a mis plus de {1} secondes à ouvrir la session',
  'today() expects a whole number of days up to {1}': 'today() attend un nombre entier de jours, au plus {1}',
  '{1} The message is larger than {2}.': '{1} Le message dépasse {2}.',
  '{1} The message is too complex: {2}.': '{1} Le message est trop complexe : {2}.',
  '{1} failed: {2}': 'Échec de {1} : {2}',
  '{1} is not a host name (host or host:port).': "{1} n'est pas un nom d'hôte (hôte ou hôte:port).",
  "{1} is not a public address. Only the server's operator can allow private or local addresses.":
    "{1} n'est pas une adresse publique. Seul l'exploitant du serveur peut autoriser les adresses privées ou locales.",
  '{1} is set by the server: give this field another name': '{1} est défini par le serveur : donnez un autre nom à ce champ',
  '{1} must be an https URL.': '{1} doit être une URL https.',
  "{1} must be true or false, got '{2}'.": "{1} doit valoir true ou false ; valeur reçue : '{2}'.",
  '{1} must not carry credentials.': "{1} ne doit pas contenir d'identifiants.",
  '{1} of {2} imported!': '{1} sur {2} importé(s) !',
  '{1} takes {2} arguments: {3}': '{1} prend {2} arguments : {3}',
  '{1} was refused: {2} {3} ({4})': '{1} a été refusé : {2} {3} ({4})',
  '{1} {2} set but S3_BUCKET is not.': "S3_BUCKET n'est pas défini, alors que d'autres variables S3 le sont ({1} {2} set).",
  '{1}: not a number': "{1} : n'est pas un nombre",
  '{1}: this kind of mail connector is not supported': "{1} : ce type de connecteur de messagerie n'est pas pris en charge",
  '{1}: {2}. Reason required': '{1} : {2}. Motif obligatoire',
  '{1}:{2} did not answer in time': "{1}:{2} n'a pas répondu à temps",
  '{{display_id}} {{summary}} is waiting for your approval ({{status}}).':
    '{{display_id}} {{summary}} attend votre approbation ({{status}}).',
  'A comment is required to force close this document.': 'Un commentaire est requis pour clôturer ce document de force.',
  'A comment is required to reject this document.': 'Un commentaire est requis pour rejeter ce document.',
  'A comment is required to reopen this document.': 'Un commentaire est requis pour rouvrir ce document.',
  'A comment is required when acting on behalf of another user.': "Un commentaire est requis pour agir au nom d'un autre utilisateur.",
  'A comment is required when an administrator approves their own submission.':
    "Un commentaire est requis lorsqu'un administrateur approuve sa propre soumission.",
  'Are you sure you want to delete this mail?': 'Voulez-vous vraiment supprimer ce courriel ?',
  "Directory sync: members and group members follow the organisation's directory (SCIM); people no longer in the organisation or disabled leave every group.":
    "Synchronisation de l'annuaire : les membres et les membres des groupes suivent l'annuaire de l'organisation (SCIM) ; les personnes qui ne font plus partie de l'organisation ou qui sont désactivées quittent tous les groupes.",
  'Monthly safety statistics of every site: injury rates, lost time and severity, incidents by category and overdue actions.':
    "Statistiques mensuelles de sécurité de chaque site : taux d'accidents, arrêts de travail et gravité, incidents par catégorie et actions en retard.",
  'No host given': 'Aucun hôte indiqué',
  'Not found': 'Introuvable',
  'Only administrators may force close a workflow.': 'Seuls les administrateurs peuvent clôturer un flux de travail de force.',
  'Outbound answer too large': 'Réponse sortante trop volumineuse',
  'Outbound request aborted': 'Requête sortante interrompue',
  'Outbound request took too long': 'La requête sortante a pris trop de temps',
  'Outbound request timed out': 'Délai de la requête sortante dépassé',
  'Purge deleted files: the stored files of deleted documents are removed.':
    'Purger les fichiers supprimés : les fichiers stockés des documents supprimés sont effacés.',
  'Recompute search index: every document is indexed again for search.':
    "Recalculer l'index de recherche : chaque document est de nouveau indexé pour la recherche.",
  'Redirects are not allowed for this request': 'Les redirections ne sont pas autorisées pour cette requête',
  'Refresh all reporting periods: every open period of every report is computed again.':
    'Actualiser toutes les périodes de rapport : chaque période ouverte de chaque rapport est recalculée.',
  'Refused plain http to {1}: the server allows https only': "http simple refusé vers {1} : le serveur n'autorise que https",
  'Refused protocol {1}': 'Protocole refusé : {1}',
  'Refused to connect to {1}: not a public address': "Connexion refusée à {1} : ce n'est pas une adresse publique",
  "Refused to connect to {1}: not among the organisation's allowed hosts":
    "Connexion refusée à {1} : ne fait pas partie des hôtes autorisés de l'organisation",
  "The SCIM address '{1}' is not a valid URL.": "L'adresse SCIM « {1} » n'est pas une URL valide.",
  'The checklist cannot be found.': 'La liste de contrôle est introuvable.',
  'The directory answered HTTP {1} when asked for its {2}.': "L'annuaire a répondu HTTP {1} à la demande de ses {2}.",
  'The directory answered a group that is not a SCIM resource.': "L'annuaire a renvoyé un groupe qui n'est pas une ressource SCIM.",
  'The directory answered a group without a displayName.': "L'annuaire a renvoyé un groupe sans displayName.",
  'The directory answered a user that is not a SCIM resource.': "L'annuaire a renvoyé un utilisateur qui n'est pas une ressource SCIM.",
  'The directory answered a user without an id.': "L'annuaire a renvoyé un utilisateur sans id.",
  'The directory answered more {1} than the {2} the sync reads.':
    "L'annuaire a renvoyé plus de {1} que les {2} que lit la synchronisation.",
  'The directory answered something that is not JSON for its {1}.': "L'annuaire a renvoyé autre chose que du JSON pour ses {1}.",
  'The directory answered something that is not a SCIM list of {1}.': "L'annuaire a renvoyé autre chose qu'une liste SCIM de {1}.",
  "The directory answered the group '{1}' with a member without a value.":
    "L'annuaire a renvoyé le groupe « {1} » avec un membre sans valeur.",
  "The directory answered the group '{1}' with members that are not a list.":
    "L'annuaire a renvoyé le groupe « {1} » avec des membres qui ne forment pas une liste.",
  "The directory answered the user '{1}' with an active flag that is not true or false.":
    "L'annuaire a renvoyé l'utilisateur « {1} » avec un indicateur active qui n'est ni true ni false.",
  'The directory answered {1} instead of SCIM JSON for its {2}.': "L'annuaire a renvoyé {1} au lieu de JSON SCIM pour ses {2}.",
  'The directory lists the address {1} for two users.': "L'annuaire indique l'adresse {1} pour deux utilisateurs.",
  "The directory lists the user id '{1}' twice.": "L'annuaire indique deux fois l'identifiant d'utilisateur « {1} ».",
  'The directory lists {1} {2}; the sync reads at most {3}.': "L'annuaire liste {1} {2} ; la synchronisation en lit au plus {3}.",
  'The directory took longer than {1} seconds to read: the sync stopped and changed nothing.':
    "L'annuaire a mis plus de {1} secondes à être lu : la synchronisation s'est arrêtée sans rien modifier.",
  'The directory refused the SCIM bearer token (HTTP {1}): enter a valid token in the directory settings.':
    "L'annuaire a refusé le jeton d'accès SCIM (HTTP {1}) : saisissez un jeton valide dans les paramètres de l'annuaire.",
  'The directory sync needs the SCIM bearer token: enter it in the directory settings.':
    "La synchronisation de l'annuaire nécessite le jeton d'accès SCIM : saisissez-le dans les paramètres de l'annuaire.",
  "The directory's list of {1} has no valid Resources.": "La liste de {1} de l'annuaire n'a pas de Resources valides.",
  "The directory's list of {1} has no valid totalResults.": "La liste de {1} de l'annuaire n'a pas de totalResults valide.",
  "The directory's {1} could not be read ({2}).": "Les {1} de l'annuaire n'ont pas pu être lus ({2}).",
  'The file could not be read from storage. Please try again later.':
    "Le fichier n'a pas pu être lu depuis le stockage. Veuillez réessayer plus tard.",
  'The file could not be stored, so nothing was saved. Please try again later.':
    "Le fichier n'a pas pu être stocké : rien n'a été enregistré. Veuillez réessayer plus tard.",
  'The module cannot be found.': 'Le module est introuvable.',
  'The region cannot be found.': 'La région est introuvable.',
  'The zone cannot be found.': 'La zone est introuvable.',
  'The client cannot be found.': 'Le client est introuvable.',
  'The project cannot be found.': 'Le projet est introuvable.',
  'The currency cannot be found.': 'La devise est introuvable.',
  'The action cannot be found.': "L'action est introuvable.",
  'The {1} cannot be found.': 'Élément « {1} » introuvable.',
  'The stored SCIM bearer token cannot be read: enter it again in the directory settings.':
    "Le jeton d'accès SCIM enregistré ne peut pas être lu : saisissez-le à nouveau dans les paramètres de l'annuaire.",
  "The translation service address '{1}' is not a valid URL.": "L'adresse du service de traduction « {1} » n'est pas une URL valide.",
  'The translation service answered something that is not a translation.':
    "Le service de traduction a renvoyé autre chose qu'une traduction.",
  'The translation service could not be reached ({1}).': "Le service de traduction n'a pas pu être joint ({1}).",
  'The translation service refused the request (HTTP {1}).': 'Le service de traduction a refusé la requête (HTTP {1}).',
  'The workflow is already closed.': 'Le flux de travail est déjà clôturé.',
  'The workflow is closed.': 'Le flux de travail est clôturé.',
  'The workflow is not closed.': "Le flux de travail n'est pas clôturé.",
  "The zone cannot be found at the document's site.": 'La zone est introuvable sur le site du document.',
  'There are no mail connectors setup for your organisation!': "Aucun connecteur de messagerie n'est configuré pour votre organisation !",
  'This checklist is disabled: choose another one.': 'Cette liste de contrôle est désactivée : choisissez-en une autre.',
  'This document is not waiting for approval.': "Ce document n'attend pas d'approbation.",
  'This document is not waiting for completion.': "Ce document n'attend pas d'achèvement.",
  'Too many redirects': 'Trop de redirections',
  'Unsupported request body type': 'Type de corps de requête non pris en charge',
  'You are not allowed to reopen this document: only administrators and the users of the last step may reopen it.':
    'Vous ne pouvez pas rouvrir ce document : seuls les administrateurs et les utilisateurs de la dernière étape peuvent le rouvrir.',
  'You cannot approve your own submission.': 'Vous ne pouvez pas approuver votre propre soumission.',
  'You cannot reject your own submission.': 'Vous ne pouvez pas rejeter votre propre soumission.',
  'You have been logged out.': 'Vous avez été déconnecté(e).',
  // A server task's stored failure (modules/server-tasks), answered in the caller's language.
  'The task failed: {1}': 'La tâche a échoué : {1}',
  // The validator's own rules (Ajv's messages), which a form's problems and a schema's refusal quote.
  'must be {1}': 'doit être {1}',
  'must be one of the listed values': "doit être l'une des valeurs proposées",
  'must be integer': 'doit être un entier',
  'must be number': 'doit être un nombre',
  'must be string': 'doit être une chaîne de caractères',
  'must be boolean': 'doit être un booléen',
  'must be object': 'doit être un objet',
  'must be array': 'doit être une liste',
  'must be >= {1}': 'doit être supérieur ou égal à {1}',
  'must be <= {1}': 'doit être inférieur ou égal à {1}',
  'must be > {1}': 'doit être strictement supérieur à {1}',
  'must be < {1}': 'doit être strictement inférieur à {1}',
  'must be equal to one of the allowed values': "doit être l'une des valeurs autorisées",
  'must NOT have more than {1} characters': 'ne doit pas dépasser {1} caractères',
  'must NOT have fewer than {1} characters': 'doit comporter au moins {1} caractères',
  'must NOT have more than {1} items': 'ne doit pas avoir plus de {1} éléments',
  'must NOT have fewer than {1} items': 'doit avoir au moins {1} éléments',
  'must match pattern {1}': 'doit respecter le motif {1}',
  'must match format {1}': 'doit respecter le format {1}',
  'must NOT have additional properties': 'ne doit pas avoir de propriétés supplémentaires',
  // Composed where they are thrown: a people field's label and id (document-references.ts), a formula's metric and position.
  '{1}: {2} is not a member of this organisation.': "{1} : {2} n'est pas membre de cette organisation.",
  "Metric '{1}': {2} at position {3}": 'Indicateur « {1} » : {2} à la position {3}',
  '{1} is not a field of the form schema': "{1} n'est pas un champ du schéma du formulaire",
  'nothing is left once scripts and unsafe markup are removed': 'il ne reste rien une fois retirés les scripts et le balisage dangereux',
  '{1} is an e-mail address: a rule sends to addresses outside the organisation only when it is external':
    "{1} est une adresse e-mail : une règle n'écrit à des adresses hors de l'organisation que si elle est externe",
  'action_id must name an action raised from this document.': 'action_id doit désigner une action créée depuis ce document.',
};
