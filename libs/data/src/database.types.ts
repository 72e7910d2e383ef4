export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12"
  }
  public: {
    Tables: {
      analytics: {
        Row: {
          client_reported: boolean
          created_at: string
          event_data: Json
          event_type: string
          id: string
          user_id: string | null
        }
        Insert: {
          client_reported?: boolean
          created_at?: string
          event_data?: Json
          event_type: string
          id?: string
          user_id?: string | null
        }
        Update: {
          client_reported?: boolean
          created_at?: string
          event_data?: Json
          event_type?: string
          id?: string
          user_id?: string | null
        }
        Relationships: []
      }
      audit_log: {
        Row: {
          action: string
          actor_email: string | null
          actor_id: string | null
          at: string
          id: number
          new_values: Json | null
          old_values: Json | null
          row_key: string | null
          subject_user_id: string | null
          table_name: string
        }
        Insert: {
          action: string
          actor_email?: string | null
          actor_id?: string | null
          at?: string
          id?: number
          new_values?: Json | null
          old_values?: Json | null
          row_key?: string | null
          subject_user_id?: string | null
          table_name: string
        }
        Update: {
          action?: string
          actor_email?: string | null
          actor_id?: string | null
          at?: string
          id?: number
          new_values?: Json | null
          old_values?: Json | null
          row_key?: string | null
          subject_user_id?: string | null
          table_name?: string
        }
        Relationships: []
      }
      dining_blocks: {
        Row: {
          ends_at: string
          id: string
          reason: string
          starts_at: string
          table_id: number | null
        }
        Insert: {
          ends_at: string
          id?: string
          reason?: string
          starts_at: string
          table_id?: number | null
        }
        Update: {
          ends_at?: string
          id?: string
          reason?: string
          starts_at?: string
          table_id?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "dining_blocks_table_id_fkey"
            columns: ["table_id"]
            isOneToOne: false
            referencedRelation: "dining_tables"
            referencedColumns: ["id"]
          },
        ]
      }
      dining_table_combinations: {
        Row: {
          id: number
          seats_max: number
          seats_min: number
          table_ids: number[]
        }
        Insert: {
          id?: number
          seats_max: number
          seats_min: number
          table_ids: number[]
        }
        Update: {
          id?: number
          seats_max?: number
          seats_min?: number
          table_ids?: number[]
        }
        Relationships: []
      }
      dining_tables: {
        Row: {
          area: string
          id: number
          is_active: boolean
          label: string
          seats_max: number
          seats_min: number
        }
        Insert: {
          area: string
          id?: number
          is_active?: boolean
          label: string
          seats_max: number
          seats_min: number
        }
        Update: {
          area?: string
          id?: number
          is_active?: boolean
          label?: string
          seats_max?: number
          seats_min?: number
        }
        Relationships: []
      }
      dj_ratings: {
        Row: {
          comment: string | null
          created_at: string
          dj_id: string
          id: string
          performance_date: string
          rated_on: string | null
          rating: number
          user_id: string
        }
        Insert: {
          comment?: string | null
          created_at?: string
          dj_id: string
          id?: string
          performance_date?: string
          rated_on?: string | null
          rating: number
          user_id?: string
        }
        Update: {
          comment?: string | null
          created_at?: string
          dj_id?: string
          id?: string
          performance_date?: string
          rated_on?: string | null
          rating?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "dj_ratings_dj_id_fkey"
            columns: ["dj_id"]
            isOneToOne: false
            referencedRelation: "djs"
            referencedColumns: ["id"]
          },
        ]
      }
      djs: {
        Row: {
          average_rating: number
          bio: string | null
          created_at: string
          genre_specialties: string[]
          id: string
          image_url: string | null
          is_active: boolean
          name: string
          total_ratings: number
        }
        Insert: {
          average_rating?: number
          bio?: string | null
          created_at?: string
          genre_specialties?: string[]
          id?: string
          image_url?: string | null
          is_active?: boolean
          name: string
          total_ratings?: number
        }
        Update: {
          average_rating?: number
          bio?: string | null
          created_at?: string
          genre_specialties?: string[]
          id?: string
          image_url?: string | null
          is_active?: boolean
          name?: string
          total_ratings?: number
        }
        Relationships: []
      }
      door_scans: {
        Row: {
          device_id: string
          id_checked: boolean
          kind: string
          night: string
          people: number
          scan_id: string
          scanned_at: string
          source_id: string
          staff_id: string | null
        }
        Insert: {
          device_id: string
          id_checked?: boolean
          kind: string
          night: string
          people: number
          scan_id: string
          scanned_at?: string
          source_id: string
          staff_id?: string | null
        }
        Update: {
          device_id?: string
          id_checked?: boolean
          kind?: string
          night?: string
          people?: number
          scan_id?: string
          scanned_at?: string
          source_id?: string
          staff_id?: string | null
        }
        Relationships: []
      }
      event_bookings: {
        Row: {
          admin_notes: string | null
          approved_at: string | null
          approved_by: string | null
          booking_code: string
          cancelled_at: string | null
          cancelled_by: string | null
          checked_in_at: string | null
          checked_in_by: string | null
          created_at: string
          email: string
          event_date: string | null
          event_id: string | null
          event_image_url: string | null
          event_title: string | null
          id: string
          name: string
          no_show_at: string | null
          number_of_guests: number
          occasion: string | null
          phone: string
          special_requests: string | null
          status: string
          updated_at: string
          user_id: string
        }
        Insert: {
          admin_notes?: string | null
          approved_at?: string | null
          approved_by?: string | null
          booking_code?: string
          cancelled_at?: string | null
          cancelled_by?: string | null
          checked_in_at?: string | null
          checked_in_by?: string | null
          created_at?: string
          email: string
          event_date?: string | null
          event_id?: string | null
          event_image_url?: string | null
          event_title?: string | null
          id?: string
          name: string
          no_show_at?: string | null
          number_of_guests?: number
          occasion?: string | null
          phone: string
          special_requests?: string | null
          status?: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          admin_notes?: string | null
          approved_at?: string | null
          approved_by?: string | null
          booking_code?: string
          cancelled_at?: string | null
          cancelled_by?: string | null
          checked_in_at?: string | null
          checked_in_by?: string | null
          created_at?: string
          email?: string
          event_date?: string | null
          event_id?: string | null
          event_image_url?: string | null
          event_title?: string | null
          id?: string
          name?: string
          no_show_at?: string | null
          number_of_guests?: number
          occasion?: string | null
          phone?: string
          special_requests?: string | null
          status?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "event_bookings_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      event_images: {
        Row: {
          alt_text: string
          created_at: string
          event_id: string
          id: string
          image_url: string
          position: number
        }
        Insert: {
          alt_text?: string
          created_at?: string
          event_id: string
          id?: string
          image_url: string
          position?: number
        }
        Update: {
          alt_text?: string
          created_at?: string
          event_id?: string
          id?: string
          image_url?: string
          position?: number
        }
        Relationships: [
          {
            foreignKeyName: "event_images_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      event_templates: {
        Row: {
          capacity: number | null
          created_at: string
          description: string
          featured_image_url: string | null
          id: string
          is_active: boolean
          start_time: string
          title: string
          weekday: number
        }
        Insert: {
          capacity?: number | null
          created_at?: string
          description?: string
          featured_image_url?: string | null
          id?: string
          is_active?: boolean
          start_time: string
          title: string
          weekday: number
        }
        Update: {
          capacity?: number | null
          created_at?: string
          description?: string
          featured_image_url?: string | null
          id?: string
          is_active?: boolean
          start_time?: string
          title?: string
          weekday?: number
        }
        Relationships: []
      }
      events: {
        Row: {
          capacity: number | null
          created_at: string
          created_by: string | null
          description: string | null
          event_date: string
          featured_image_url: string | null
          id: string
          is_approved: boolean
          rejected_at: string | null
          template_id: string | null
          title: string
          updated_at: string
        }
        Insert: {
          capacity?: number | null
          created_at?: string
          created_by?: string | null
          description?: string | null
          event_date: string
          featured_image_url?: string | null
          id?: string
          is_approved?: boolean
          rejected_at?: string | null
          template_id?: string | null
          title: string
          updated_at?: string
        }
        Update: {
          capacity?: number | null
          created_at?: string
          created_by?: string | null
          description?: string | null
          event_date?: string
          featured_image_url?: string | null
          id?: string
          is_approved?: boolean
          rejected_at?: string | null
          template_id?: string | null
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "events_template_id_fkey"
            columns: ["template_id"]
            isOneToOne: false
            referencedRelation: "event_templates"
            referencedColumns: ["id"]
          },
        ]
      }
      guest_list_entries: {
        Row: {
          added_by: string | null
          arrived_at: string | null
          arrived_people: number
          code: string
          created_at: string
          guest_name: string
          id: string
          list_id: string
          plus_ones: number
          promoter_id: string | null
          status: string
          user_id: string | null
        }
        Insert: {
          added_by?: string | null
          arrived_at?: string | null
          arrived_people?: number
          code: string
          created_at?: string
          guest_name: string
          id?: string
          list_id: string
          plus_ones?: number
          promoter_id?: string | null
          status?: string
          user_id?: string | null
        }
        Update: {
          added_by?: string | null
          arrived_at?: string | null
          arrived_people?: number
          code?: string
          created_at?: string
          guest_name?: string
          id?: string
          list_id?: string
          plus_ones?: number
          promoter_id?: string | null
          status?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "guest_list_entries_list_id_fkey"
            columns: ["list_id"]
            isOneToOne: false
            referencedRelation: "guest_lists"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "guest_list_entries_promoter_id_fkey"
            columns: ["promoter_id"]
            isOneToOne: false
            referencedRelation: "promoters"
            referencedColumns: ["id"]
          },
        ]
      }
      guest_lists: {
        Row: {
          closes_at: string
          created_at: string
          event_id: string
          id: string
          plus_ones_max: number
        }
        Insert: {
          closes_at: string
          created_at?: string
          event_id: string
          id?: string
          plus_ones_max: number
        }
        Update: {
          closes_at?: string
          created_at?: string
          event_id?: string
          id?: string
          plus_ones_max?: number
        }
        Relationships: [
          {
            foreignKeyName: "guest_lists_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: true
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      lounge_sections: {
        Row: {
          id: string
          name: string
          position: number
        }
        Insert: {
          id?: string
          name: string
          position?: number
        }
        Update: {
          id?: string
          name?: string
          position?: number
        }
        Relationships: []
      }
      lounge_settings: {
        Row: {
          arrival_grace_minutes: number
          bottles_max: number
          guest_list_closes_at: string
          guest_list_plus_ones_max: number
          id: boolean
          party_max: number
          policy_text: string
          updated_at: string
        }
        Insert: {
          arrival_grace_minutes?: number
          bottles_max?: number
          guest_list_closes_at?: string
          guest_list_plus_ones_max?: number
          id?: boolean
          party_max?: number
          policy_text?: string
          updated_at?: string
        }
        Update: {
          arrival_grace_minutes?: number
          bottles_max?: number
          guest_list_closes_at?: string
          guest_list_plus_ones_max?: number
          id?: boolean
          party_max?: number
          policy_text?: string
          updated_at?: string
        }
        Relationships: []
      }
      lounge_table_minimums: {
        Row: {
          event_id: string | null
          id: string
          min_spend_cents: number
          table_id: string
          weekday: number | null
        }
        Insert: {
          event_id?: string | null
          id?: string
          min_spend_cents: number
          table_id: string
          weekday?: number | null
        }
        Update: {
          event_id?: string | null
          id?: string
          min_spend_cents?: number
          table_id?: string
          weekday?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "lounge_table_minimums_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "lounge_table_minimums_table_id_fkey"
            columns: ["table_id"]
            isOneToOne: false
            referencedRelation: "lounge_tables"
            referencedColumns: ["id"]
          },
        ]
      }
      lounge_tables: {
        Row: {
          grid_x: number
          grid_y: number
          id: string
          is_active: boolean
          min_spend_cents: number
          name: string
          seats: number
          section_id: string
        }
        Insert: {
          grid_x: number
          grid_y: number
          id?: string
          is_active?: boolean
          min_spend_cents?: number
          name: string
          seats: number
          section_id: string
        }
        Update: {
          grid_x?: number
          grid_y?: number
          id?: string
          is_active?: boolean
          min_spend_cents?: number
          name?: string
          seats?: number
          section_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "lounge_tables_section_id_fkey"
            columns: ["section_id"]
            isOneToOne: false
            referencedRelation: "lounge_sections"
            referencedColumns: ["id"]
          },
        ]
      }
      menu_items: {
        Row: {
          created_at: string
          description: string
          eighty_sixed_on: string | null
          id: string
          is_bottle: boolean
          is_visible: boolean
          name: string
          position: number
          price_cents: number
          section_id: string
          tags: string[]
          unit: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          description?: string
          eighty_sixed_on?: string | null
          id?: string
          is_bottle?: boolean
          is_visible?: boolean
          name: string
          position?: number
          price_cents: number
          section_id: string
          tags?: string[]
          unit?: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          description?: string
          eighty_sixed_on?: string | null
          id?: string
          is_bottle?: boolean
          is_visible?: boolean
          name?: string
          position?: number
          price_cents?: number
          section_id?: string
          tags?: string[]
          unit?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "menu_items_section_id_fkey"
            columns: ["section_id"]
            isOneToOne: false
            referencedRelation: "menu_sections"
            referencedColumns: ["id"]
          },
        ]
      }
      menu_sections: {
        Row: {
          created_at: string
          id: string
          is_visible: boolean
          note: string
          position: number
          slug: string
          title: string
        }
        Insert: {
          created_at?: string
          id?: string
          is_visible?: boolean
          note?: string
          position?: number
          slug: string
          title: string
        }
        Update: {
          created_at?: string
          id?: string
          is_visible?: boolean
          note?: string
          position?: number
          slug?: string
          title?: string
        }
        Relationships: []
      }
      offers: {
        Row: {
          created_at: string
          description: string | null
          discount_percentage: number | null
          id: string
          is_active: boolean
          offer_type: Database["public"]["Enums"]["offer_type"]
          title: string
          updated_at: string
          usage_count: number
          valid_until: string | null
        }
        Insert: {
          created_at?: string
          description?: string | null
          discount_percentage?: number | null
          id?: string
          is_active?: boolean
          offer_type?: Database["public"]["Enums"]["offer_type"]
          title: string
          updated_at?: string
          usage_count?: number
          valid_until?: string | null
        }
        Update: {
          created_at?: string
          description?: string | null
          discount_percentage?: number | null
          id?: string
          is_active?: boolean
          offer_type?: Database["public"]["Enums"]["offer_type"]
          title?: string
          updated_at?: string
          usage_count?: number
          valid_until?: string | null
        }
        Relationships: []
      }
      photo_wall: {
        Row: {
          approved_at: string | null
          approved_by: string | null
          caption: string | null
          created_at: string
          id: string
          image_url: string
          is_approved: boolean
          is_featured: boolean
          likes_count: number
          rejected_at: string | null
          user_id: string
        }
        Insert: {
          approved_at?: string | null
          approved_by?: string | null
          caption?: string | null
          created_at?: string
          id?: string
          image_url: string
          is_approved?: boolean
          is_featured?: boolean
          likes_count?: number
          rejected_at?: string | null
          user_id?: string
        }
        Update: {
          approved_at?: string | null
          approved_by?: string | null
          caption?: string | null
          created_at?: string
          id?: string
          image_url?: string
          is_approved?: boolean
          is_featured?: boolean
          likes_count?: number
          rejected_at?: string | null
          user_id?: string
        }
        Relationships: []
      }
      profiles: {
        Row: {
          birthday: string | null
          created_at: string
          email: string | null
          first_name: string | null
          last_name: string | null
          phone: string | null
          total_bookings: number
          updated_at: string
          user_id: string
          vip_status: boolean
        }
        Insert: {
          birthday?: string | null
          created_at?: string
          email?: string | null
          first_name?: string | null
          last_name?: string | null
          phone?: string | null
          total_bookings?: number
          updated_at?: string
          user_id: string
          vip_status?: boolean
        }
        Update: {
          birthday?: string | null
          created_at?: string
          email?: string | null
          first_name?: string | null
          last_name?: string | null
          phone?: string | null
          total_bookings?: number
          updated_at?: string
          user_id?: string
          vip_status?: boolean
        }
        Relationships: []
      }
      promoters: {
        Row: {
          code: string
          created_at: string
          id: string
          is_active: boolean
          name: string
          user_id: string | null
        }
        Insert: {
          code: string
          created_at?: string
          id?: string
          is_active?: boolean
          name: string
          user_id?: string | null
        }
        Update: {
          code?: string
          created_at?: string
          id?: string
          is_active?: boolean
          name?: string
          user_id?: string | null
        }
        Relationships: []
      }
      promotions: {
        Row: {
          body: string
          created_at: string
          ends_on: string | null
          id: string
          is_active: boolean
          position: number
          starts_on: string
          title: string
        }
        Insert: {
          body?: string
          created_at?: string
          ends_on?: string | null
          id?: string
          is_active?: boolean
          position?: number
          starts_on?: string
          title: string
        }
        Update: {
          body?: string
          created_at?: string
          ends_on?: string | null
          id?: string
          is_active?: boolean
          position?: number
          starts_on?: string
          title?: string
        }
        Relationships: []
      }
      push_subscriptions: {
        Row: {
          auth: string
          created_at: string
          endpoint: string
          id: string
          p256dh: string
          user_id: string
        }
        Insert: {
          auth: string
          created_at?: string
          endpoint: string
          id?: string
          p256dh: string
          user_id?: string
        }
        Update: {
          auth?: string
          created_at?: string
          endpoint?: string
          id?: string
          p256dh?: string
          user_id?: string
        }
        Relationships: []
      }
      release_reports: {
        Row: {
          area: string
          count: number
          day: string
          last_at: string
          last_reason: string | null
          outcome: string
          version: string
        }
        Insert: {
          area: string
          count?: number
          day: string
          last_at?: string
          last_reason?: string | null
          outcome: string
          version: string
        }
        Update: {
          area?: string
          count?: number
          day?: string
          last_at?: string
          last_reason?: string | null
          outcome?: string
          version?: string
        }
        Relationships: []
      }
      reservation_mail_outbox: {
        Row: {
          attempts: number
          created_at: string
          id: number
          kind: string
          last_error: string | null
          locked_until: string | null
          reservation_id: string | null
          sent_at: string | null
          waitlist_id: string | null
        }
        Insert: {
          attempts?: number
          created_at?: string
          id?: number
          kind: string
          last_error?: string | null
          locked_until?: string | null
          reservation_id?: string | null
          sent_at?: string | null
          waitlist_id?: string | null
        }
        Update: {
          attempts?: number
          created_at?: string
          id?: number
          kind?: string
          last_error?: string | null
          locked_until?: string | null
          reservation_id?: string | null
          sent_at?: string | null
          waitlist_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "reservation_mail_outbox_reservation_id_fkey"
            columns: ["reservation_id"]
            isOneToOne: false
            referencedRelation: "reservations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reservation_mail_outbox_waitlist_id_fkey"
            columns: ["waitlist_id"]
            isOneToOne: false
            referencedRelation: "reservation_waitlist"
            referencedColumns: ["id"]
          },
        ]
      }
      reservation_settings: {
        Row: {
          change_cutoff_minutes: number
          covers_per_slot: number
          days_ahead: number
          id: boolean
          kitchen_closes_at: string | null
          last_seating_minutes: number
          no_show_limit: number
          occasions: string[]
          party_max: number
          party_min: number
          slot_minutes: number
        }
        Insert: {
          change_cutoff_minutes?: number
          covers_per_slot?: number
          days_ahead?: number
          id?: boolean
          kitchen_closes_at?: string | null
          last_seating_minutes?: number
          no_show_limit?: number
          occasions?: string[]
          party_max?: number
          party_min?: number
          slot_minutes?: number
        }
        Update: {
          change_cutoff_minutes?: number
          covers_per_slot?: number
          days_ahead?: number
          id?: boolean
          kitchen_closes_at?: string | null
          last_seating_minutes?: number
          no_show_limit?: number
          occasions?: string[]
          party_max?: number
          party_min?: number
          slot_minutes?: number
        }
        Relationships: []
      }
      reservation_tables: {
        Row: {
          business_date: string
          ends_at: string
          reservation_id: string
          starts_at: string
          table_id: number
        }
        Insert: {
          business_date: string
          ends_at: string
          reservation_id: string
          starts_at: string
          table_id: number
        }
        Update: {
          business_date?: string
          ends_at?: string
          reservation_id?: string
          starts_at?: string
          table_id?: number
        }
        Relationships: [
          {
            foreignKeyName: "reservation_tables_reservation_id_fkey"
            columns: ["reservation_id"]
            isOneToOne: false
            referencedRelation: "reservations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reservation_tables_table_id_fkey"
            columns: ["table_id"]
            isOneToOne: false
            referencedRelation: "dining_tables"
            referencedColumns: ["id"]
          },
        ]
      }
      reservation_turn_times: {
        Row: {
          minutes: number
          party_max: number
        }
        Insert: {
          minutes: number
          party_max: number
        }
        Update: {
          minutes?: number
          party_max?: number
        }
        Relationships: []
      }
      reservation_waitlist: {
        Row: {
          business_date: string
          created_at: string
          id: string
          notified_at: string | null
          party_size: number
          starts_at: string
          user_id: string
        }
        Insert: {
          business_date: string
          created_at?: string
          id?: string
          notified_at?: string | null
          party_size: number
          starts_at: string
          user_id: string
        }
        Update: {
          business_date?: string
          created_at?: string
          id?: string
          notified_at?: string | null
          party_size?: number
          starts_at?: string
          user_id?: string
        }
        Relationships: []
      }
      reservations: {
        Row: {
          business_date: string
          cancelled_at: string | null
          code: string
          created_at: string
          ends_at: string
          guest_name: string
          id: string
          is_walk_in: boolean
          occasion: string
          party_size: number
          phone: string
          special_requests: string
          staff_notes: string
          starts_at: string
          status: string
          updated_at: string
          user_id: string | null
        }
        Insert: {
          business_date: string
          cancelled_at?: string | null
          code: string
          created_at?: string
          ends_at: string
          guest_name: string
          id?: string
          is_walk_in?: boolean
          occasion?: string
          party_size: number
          phone?: string
          special_requests?: string
          staff_notes?: string
          starts_at: string
          status?: string
          updated_at?: string
          user_id?: string | null
        }
        Update: {
          business_date?: string
          cancelled_at?: string | null
          code?: string
          created_at?: string
          ends_at?: string
          guest_name?: string
          id?: string
          is_walk_in?: boolean
          occasion?: string
          party_size?: number
          phone?: string
          special_requests?: string
          staff_notes?: string
          starts_at?: string
          status?: string
          updated_at?: string
          user_id?: string | null
        }
        Relationships: []
      }
      song_requests: {
        Row: {
          artist: string
          created_at: string
          event_date: string
          id: string
          played_at: string | null
          queue_position: number | null
          requested_by_name: string
          song_key: string | null
          song_title: string
          status: string
          user_id: string
          vote_count: number
        }
        Insert: {
          artist: string
          created_at?: string
          event_date?: string
          id?: string
          played_at?: string | null
          queue_position?: number | null
          requested_by_name?: string
          song_key?: string | null
          song_title: string
          status?: string
          user_id?: string
          vote_count?: number
        }
        Update: {
          artist?: string
          created_at?: string
          event_date?: string
          id?: string
          played_at?: string | null
          queue_position?: number | null
          requested_by_name?: string
          song_key?: string | null
          song_title?: string
          status?: string
          user_id?: string
          vote_count?: number
        }
        Relationships: []
      }
      song_votes: {
        Row: {
          created_at: string
          event_date: string
          slot: number
          song_request_id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          event_date?: string
          slot?: number
          song_request_id: string
          user_id?: string
        }
        Update: {
          created_at?: string
          event_date?: string
          slot?: number
          song_request_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "song_votes_song_request_id_fkey"
            columns: ["song_request_id"]
            isOneToOne: false
            referencedRelation: "song_requests"
            referencedColumns: ["id"]
          },
        ]
      }
      table_mail_outbox: {
        Row: {
          attempts: number
          created_at: string
          id: number
          kind: string
          last_error: string | null
          locked_until: string | null
          request_id: string
          sent_at: string | null
        }
        Insert: {
          attempts?: number
          created_at?: string
          id?: number
          kind: string
          last_error?: string | null
          locked_until?: string | null
          request_id: string
          sent_at?: string | null
        }
        Update: {
          attempts?: number
          created_at?: string
          id?: number
          kind?: string
          last_error?: string | null
          locked_until?: string | null
          request_id?: string
          sent_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "table_mail_outbox_request_id_fkey"
            columns: ["request_id"]
            isOneToOne: false
            referencedRelation: "table_requests"
            referencedColumns: ["id"]
          },
        ]
      }
      table_request_bottles: {
        Row: {
          menu_item_id: string
          quantity: number
          request_id: string
        }
        Insert: {
          menu_item_id: string
          quantity: number
          request_id: string
        }
        Update: {
          menu_item_id?: string
          quantity?: number
          request_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "table_request_bottles_menu_item_id_fkey"
            columns: ["menu_item_id"]
            isOneToOne: false
            referencedRelation: "menu_items"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "table_request_bottles_request_id_fkey"
            columns: ["request_id"]
            isOneToOne: false
            referencedRelation: "table_requests"
            referencedColumns: ["id"]
          },
        ]
      }
      table_requests: {
        Row: {
          arrived_at: string | null
          arrived_people: number
          arrives_at: string
          business_date: string
          code: string
          created_at: string
          decided_at: string | null
          decided_by: string | null
          event_id: string
          guest_name: string
          held_until: string | null
          id: string
          min_spend_cents: number | null
          note: string
          party_size: number
          staff_message: string
          status: string
          table_id: string | null
          user_id: string | null
        }
        Insert: {
          arrived_at?: string | null
          arrived_people?: number
          arrives_at: string
          business_date: string
          code: string
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          event_id: string
          guest_name: string
          held_until?: string | null
          id?: string
          min_spend_cents?: number | null
          note?: string
          party_size: number
          staff_message?: string
          status?: string
          table_id?: string | null
          user_id?: string | null
        }
        Update: {
          arrived_at?: string | null
          arrived_people?: number
          arrives_at?: string
          business_date?: string
          code?: string
          created_at?: string
          decided_at?: string | null
          decided_by?: string | null
          event_id?: string
          guest_name?: string
          held_until?: string | null
          id?: string
          min_spend_cents?: number | null
          note?: string
          party_size?: number
          staff_message?: string
          status?: string
          table_id?: string | null
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "table_requests_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "table_requests_table_id_fkey"
            columns: ["table_id"]
            isOneToOne: false
            referencedRelation: "lounge_tables"
            referencedColumns: ["id"]
          },
        ]
      }
      user_offers: {
        Row: {
          id: string
          offer_id: string
          redeemed_at: string
          usage_counted: boolean
          user_id: string
        }
        Insert: {
          id?: string
          offer_id: string
          redeemed_at?: string
          usage_counted?: boolean
          user_id?: string
        }
        Update: {
          id?: string
          offer_id?: string
          redeemed_at?: string
          usage_counted?: boolean
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_offers_offer_id_fkey"
            columns: ["offer_id"]
            isOneToOne: false
            referencedRelation: "offers"
            referencedColumns: ["id"]
          },
        ]
      }
      user_roles: {
        Row: {
          created_at: string
          id: string
          role: Database["public"]["Enums"]["app_role"]
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          role: Database["public"]["Enums"]["app_role"]
          user_id: string
        }
        Update: {
          created_at?: string
          id?: string
          role?: Database["public"]["Enums"]["app_role"]
          user_id?: string
        }
        Relationships: []
      }
      venue_changes: {
        Row: {
          changed_at: string
          changed_by: string | null
          id: number
          new_values: Json | null
          old_values: Json | null
          operation: string
          row_key: string
          table_name: string
        }
        Insert: {
          changed_at?: string
          changed_by?: string | null
          id?: number
          new_values?: Json | null
          old_values?: Json | null
          operation: string
          row_key: string
          table_name: string
        }
        Update: {
          changed_at?: string
          changed_by?: string | null
          id?: number
          new_values?: Json | null
          old_values?: Json | null
          operation?: string
          row_key?: string
          table_name?: string
        }
        Relationships: []
      }
      venue_hour_exceptions: {
        Row: {
          closes_at: string | null
          created_at: string
          id: string
          is_closed: boolean
          label: string
          on_date: string
          opens_at: string | null
        }
        Insert: {
          closes_at?: string | null
          created_at?: string
          id?: string
          is_closed?: boolean
          label: string
          on_date: string
          opens_at?: string | null
        }
        Update: {
          closes_at?: string | null
          created_at?: string
          id?: string
          is_closed?: boolean
          label?: string
          on_date?: string
          opens_at?: string | null
        }
        Relationships: []
      }
      venue_hours: {
        Row: {
          closes_at: string | null
          is_closed: boolean
          opens_at: string | null
          weekday: number
        }
        Insert: {
          closes_at?: string | null
          is_closed?: boolean
          opens_at?: string | null
          weekday: number
        }
        Update: {
          closes_at?: string | null
          is_closed?: boolean
          opens_at?: string | null
          weekday?: number
        }
        Relationships: []
      }
      venue_settings: {
        Row: {
          admin_requires_mfa: boolean
          adults_only_from: string | null
          city: string
          cover_charge_note: string
          door_capacity: number | null
          dress_code: string
          email: string
          hours_note: string
          id: boolean
          last_call_at: string | null
          menu_image_url: string | null
          minimum_age: number
          name: string
          no_shows_at: string
          phone: string
          postal_code: string
          region: string
          region_code: string
          short_name: string
          social_links: Json
          street: string
          tagline: string
          updated_at: string
        }
        Insert: {
          admin_requires_mfa?: boolean
          adults_only_from?: string | null
          city: string
          cover_charge_note?: string
          door_capacity?: number | null
          dress_code?: string
          email: string
          hours_note?: string
          id?: boolean
          last_call_at?: string | null
          menu_image_url?: string | null
          minimum_age?: number
          name: string
          no_shows_at?: string
          phone: string
          postal_code: string
          region: string
          region_code: string
          short_name: string
          social_links?: Json
          street: string
          tagline?: string
          updated_at?: string
        }
        Update: {
          admin_requires_mfa?: boolean
          adults_only_from?: string | null
          city?: string
          cover_charge_note?: string
          door_capacity?: number | null
          dress_code?: string
          email?: string
          hours_note?: string
          id?: boolean
          last_call_at?: string | null
          menu_image_url?: string | null
          minimum_age?: number
          name?: string
          no_shows_at?: string
          phone?: string
          postal_code?: string
          region?: string
          region_code?: string
          short_name?: string
          social_links?: Json
          street?: string
          tagline?: string
          updated_at?: string
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      add_guest_list_name: {
        Args: { p_event_id: string; p_name: string; p_plus_ones?: number }
        Returns: Json
      }
      add_walk_in: {
        Args: { p_name?: string; p_party_size: number; p_table_ids?: unknown }
        Returns: Json
      }
      admin_delete_user: {
        Args: { _admin_id: string; _user_id: string }
        Returns: undefined
      }
      book_reservation: {
        Args: { p_occasion?: string; p_party_size: number; p_special_requests?: string; p_starts_at: string }
        Returns: Json
      }
      booking_by_token: {
        Args: { token: string }
        Returns: Json
      }
      booking_cancel_token: {
        Args: { booking_id: string }
        Returns: string
      }
      business_rules: {
        Args: never
        Returns: Json
      }
      cancel_booking: {
        Args: { booking_id: string }
        Returns: unknown
      }
      cancel_booking_by_token: {
        Args: { token: string }
        Returns: Json
      }
      cancel_reservation: {
        Args: { p_id: string }
        Returns: Json
      }
      cancel_table_request: {
        Args: { p_id: string }
        Returns: Json
      }
      cancellable: {
        Args: never
        Returns: boolean
      }
      change_reservation: {
        Args: { p_id: string; p_party_size: number; p_starts_at: string }
        Returns: Json
      }
      check_in_booking: {
        Args: { code: string }
        Returns: Json
      }
      claim_booking_mails: {
        Args: { max_count?: number }
        Returns: Record<string, unknown>[]
      }
      claim_push_messages: {
        Args: { _limit?: number }
        Returns: Record<string, unknown>[]
      }
      claim_reservation_mails: {
        Args: { max_count?: number }
        Returns: Record<string, unknown>[]
      }
      claim_table_mails: {
        Args: { max_count?: number }
        Returns: Record<string, unknown>[]
      }
      complete_booking_mail: {
        Args: { failure?: string; mail_id: number }
        Returns: undefined
      }
      complete_push_message: {
        Args: { _gone_endpoints?: unknown; _message_id: number; _sent: boolean }
        Returns: undefined
      }
      complete_reservation_mail: {
        Args: { failure?: string; mail_id: number }
        Returns: undefined
      }
      complete_table_mail: {
        Args: { failure?: string; mail_id: number }
        Returns: undefined
      }
      confirm_table_request: {
        Args: { p_id: string; p_message?: string; p_table_id: string }
        Returns: Json
      }
      decline_table_request: {
        Args: { p_id: string; p_message: string }
        Returns: Json
      }
      delete_my_account_data: {
        Args: never
        Returns: undefined
      }
      door_headcount: {
        Args: never
        Returns: Json
      }
      door_list: {
        Args: never
        Returns: Record<string, unknown>[]
      }
      door_scan: {
        Args: { _device_id: string; _id_checked?: boolean; _kind: string; _people: number; _scan_id: string; _source_id: string }
        Returns: Json
      }
      event_availability: {
        Args: { event_ids?: unknown }
        Returns: Record<string, unknown>[]
      }
      find_booking: {
        Args: { code: string }
        Returns: Json
      }
      generate_template_events: {
        Args: { _template_id: string; _weeks?: number }
        Returns: number
      }
      guest_door_history: {
        Args: { _user_id: string }
        Returns: Record<string, unknown>[]
      }
      guest_list_report: {
        Args: { p_event_id?: string }
        Returns: Record<string, unknown>[]
      }
      increment_offer_usage: {
        Args: { offer_id: string }
        Returns: number
      }
      join_guest_list: {
        Args: { p_event_id: string; p_plus_ones?: number; p_promo?: string }
        Returns: Json
      }
      join_reservation_waitlist: {
        Args: { p_party_size: number; p_starts_at: string }
        Returns: string
      }
      leave_guest_list: {
        Args: { p_id: string }
        Returns: Json
      }
      lounge_move_up_next: {
        Args: { _offset: number; _request_id: string }
        Returns: undefined
      }
      lounge_night_tables: {
        Args: { p_event_id: string }
        Returns: Record<string, unknown>[]
      }
      lounge_remove_vote: {
        Args: { _client_id: string; _song_request_id: string }
        Returns: Json
      }
      lounge_request_song: {
        Args: { _artist: string; _client_id: string; _song_title: string }
        Returns: Json
      }
      lounge_set_status: {
        Args: { _request_id: string; _status: string }
        Returns: undefined
      }
      lounge_vote: {
        Args: { _client_id: string; _song_request_id: string }
        Returns: Json
      }
      move_reservation: {
        Args: { p_id: string; p_table_ids: unknown }
        Returns: Json
      }
      request_song: {
        Args: { _artist: string; _song_title: string }
        Returns: Json
      }
      request_table: {
        Args: { p_arrives_at: string; p_bottles?: Json; p_event_id: string; p_note?: string; p_party_size: number }
        Returns: Json
      }
      reservation_availability: {
        Args: { p_date: string; p_party: number }
        Returns: Record<string, unknown>[]
      }
      set_reservation_status: {
        Args: { p_id: string; p_status: string }
        Returns: Json
      }
      sweep_lounge_tables: {
        Args: never
        Returns: number
      }
    }
    Enums: {
      app_role: "admin" | "user" | "staff" | "promoter"
      offer_type: "exclusive" | "vip" | "birthday" | "surprise"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      app_role: ["admin", "user", "staff", "promoter"],
      offer_type: ["exclusive", "vip", "birthday", "surprise"],
    },
  },
} as const
