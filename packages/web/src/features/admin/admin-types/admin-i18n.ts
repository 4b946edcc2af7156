/**
 * French and Spanish texts of the administration's own types (their schemas are written in
 * English and translated by text, like any type's `i18n.data`, spec 000 §3).
 */
export const adminI18n = {
  locales: ['fr', 'es'],
  data: {
    fr: {
      Identity: 'Identité', Identities: 'Identités', 'Display name': 'Nom affiché', Email: 'E-mail', 'Job title': 'Fonction', 'New password': 'Nouveau mot de passe',
      'At least 10 characters. Changing it signs the user out elsewhere.': "Au moins 10 caractères. Le changer déconnecte l'utilisateur ailleurs.",
      Manager: 'Responsable', 'One-time code at sign-in (MFA)': 'Code à usage unique à la connexion (MFA)', 'Login enabled': 'Connexion autorisée', Active: 'Actif', 'Federated id': 'Identifiant fédéré',
      Federated: 'Fédéré', Created: 'Créé', 'Last login': 'Dernière connexion', Sessions: 'Sessions', MFA: 'MFA',
      'Access Control Entry': "Entrée de contrôle d'accès", 'Access Control Entries': "Entrées de contrôle d'accès", Group: 'Groupe', Members: 'Membres', Level: 'Niveau', Create: 'Créer',
      Delete: 'Supprimer', Roles: 'Rôles', Granular: 'Granulaire', 'Document types': 'Types de document', Module: 'Module', Scope: 'Portée', Region: 'Région', Site: 'Site', Id: 'Id',
      'No Access': 'Aucun accès', Depositor: 'Dépositaire', Reader: 'Lecteur', Author: 'Auteur', Editor: 'Éditeur', Administrator: 'Administrateur',
      Log: 'Journal', Logs: 'Journaux', Type: 'Type', Date: 'Date', Subject: 'Objet', Summary: 'Résumé', Details: 'Détails', Info: 'Information', Warning: 'Avertissement', Severe: 'Grave',
      Message: 'Message', Outbox: "Boîte d'envoi", To: 'À', Status: 'Statut', Sent: 'Envoyé', Failed: 'Échec',
      'Directory settings': "Paramètres de l'annuaire", 'One-time code method': 'Méthode du code à usage unique', 'E-mail': 'E-mail', 'Authenticator app': "Application d'authentification",
      'Legacy access control': "Contrôle d'accès hérité", 'Federated login': 'Connexion fédérée', 'Provider (federated tenant directory)': 'Fournisseur (annuaire fédéré)',
      'Allow internal users (hybrid)': 'Autoriser les utilisateurs internes (hybride)', 'OpenID Connect issuer URL': "URL de l'émetteur OpenID Connect", 'Client id': 'Identifiant client',
      'Client secret (leave empty to keep)': 'Secret client (laisser vide pour le conserver)', 'Allowed hosts': 'Hôtes autorisés', 'Federated sign-in': 'Connexion fédérée',
      'Please enter the provider': 'Veuillez saisir le fournisseur',
    },
    es: {
      Identity: 'Identidad', Identities: 'Identidades', 'Display name': 'Nombre visible', Email: 'Correo electrónico', 'Job title': 'Cargo', 'New password': 'Nueva contraseña',
      'At least 10 characters. Changing it signs the user out elsewhere.': 'Al menos 10 caracteres. Cambiarla cierra las demás sesiones del usuario.',
      Manager: 'Responsable', 'One-time code at sign-in (MFA)': 'Código de un solo uso al iniciar sesión (MFA)', 'Login enabled': 'Inicio de sesión permitido', Active: 'Activo', 'Federated id': 'Identificador federado',
      Federated: 'Federado', Created: 'Creado', 'Last login': 'Último inicio de sesión', Sessions: 'Sesiones', MFA: 'MFA',
      'Access Control Entry': 'Entrada de control de acceso', 'Access Control Entries': 'Entradas de control de acceso', Group: 'Grupo', Members: 'Miembros', Level: 'Nivel', Create: 'Crear',
      Delete: 'Eliminar', Roles: 'Roles', Granular: 'Granular', 'Document types': 'Tipos de documento', Module: 'Módulo', Scope: 'Ámbito', Region: 'Región', Site: 'Centro', Id: 'Id',
      'No Access': 'Sin acceso', Depositor: 'Depositante', Reader: 'Lector', Author: 'Autor', Editor: 'Editor', Administrator: 'Administrador',
      Log: 'Registro', Logs: 'Registros', Type: 'Tipo', Date: 'Fecha', Subject: 'Asunto', Summary: 'Resumen', Details: 'Detalles', Info: 'Información', Warning: 'Advertencia', Severe: 'Grave',
      Message: 'Mensaje', Outbox: 'Bandeja de salida', To: 'Para', Status: 'Estado', Sent: 'Enviado', Failed: 'Fallido',
      'Directory settings': 'Configuración del directorio', 'One-time code method': 'Método del código de un solo uso', 'E-mail': 'Correo electrónico', 'Authenticator app': 'Aplicación de autenticación',
      'Legacy access control': 'Control de acceso heredado', 'Federated login': 'Inicio de sesión federado', 'Provider (federated tenant directory)': 'Proveedor (directorio federado)',
      'Allow internal users (hybrid)': 'Permitir usuarios internos (híbrido)', 'OpenID Connect issuer URL': 'URL del emisor OpenID Connect', 'Client id': 'Identificador de cliente',
      'Client secret (leave empty to keep)': 'Secreto de cliente (dejar vacío para conservarlo)', 'Allowed hosts': 'Hosts permitidos', 'Federated sign-in': 'Inicio de sesión federado',
      'Please enter the provider': 'Introduzca el proveedor',
    },
  } as Record<string, Record<string, string>>,
};
